// A scripted host drives the built server over stdio on a billing app whose touched files are known (a
// service, a route, a migration, a mailer): the grounding names them with reasons, their rules reach the
// prompts, the tables come from the schema, and the PRD comes out complete with its clarification record.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingProject, RECURRING_FEATURE, TOUCHED } from "../demo/billing-project.js";
import { billingHostOptions } from "../demo/billing-script.js";
import { ScriptedHost } from "../demo/scripted-host.js";
import { connectPrdServer } from "../demo/stdio-client.js";
import type { Envelope } from "../run-model/envelope.js";
import type { Action } from "../run-model/protocol.js";

let root: string;
let runId: string;
let actions: Action[];
let last: Envelope;

const prompts = (batch: RegExp) =>
  actions.flatMap((a) =>
    a.kind === "spawn_subagents" && batch.test(a.batch_id) ? a.invocations.map((i) => i.prompt) : [],
  );
const output = (name: string) => readFileSync(join(root, "prd-output", runId, name), "utf8");

beforeAll(async () => {
  root = billingProject();
  const connection = await connectPrdServer(root);
  try {
    const host = new ScriptedHost({
      projectRoot: root,
      memory: false,
      codebase: false,
      ...billingHostOptions(),
    });
    let envelope = await connection.start({ feature_description: RECURRING_FEATURE, prd_context: "feature" });
    runId = envelope.run_id;
    actions = [];
    while (envelope.action.kind !== "done" && envelope.action.kind !== "failed") {
      actions.push(envelope.action);
      envelope = await connection.submit(envelope.run_id, host.respond(envelope.action));
    }
    last = envelope;
  } finally {
    await connection.close();
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the files a feature touches", () => {
  it("are the service, the route, the migration and the mailer, each with why it was picked", () => {
    const drafts = prompts(/^section_generate_/);
    expect(drafts.length).toBe(16);
    const lines = [
      `- ${TOUCHED.service} (its path names "invoices"; it defines \`InvoiceService\`, \`remindOverdue\`; ` +
        "rule invoices-through-service governs its area `lib/invoices/**`; it calls `sendEmail` of lib/email/mailer.ts)",
      `- ${TOUCHED.route} (its path names "invoices"; rule invoices-through-service governs its area ` +
        "`app/api/invoices/**`; it calls `InvoiceService`, `InvoiceService.create` of lib/invoices/invoice-service.ts)",
      `- ${TOUCHED.migration} (its path names "invoices"; it declares the table \`invoices\`)`,
      `- ${TOUCHED.mailer} (its path names "email"; rule email-through-mailer governs its area \`lib/email/**\`)`,
    ];
    for (const prompt of drafts) {
      expect(prompt).toContain(
        ["Files the feature touches, best evidence first (why each was picked):", ...lines].join("\n"),
      );
      // A customer form naming a reminder toggle is one weak name: not enough to pick it.
      expect(prompt).not.toContain("CustomerForm.tsx");
    }
  });

  it("bring the route's and the migration's rules into every draft prompt", () => {
    for (const prompt of prompts(/^section_generate_/)) {
      expect(prompt).toContain(
        "[api-routes-validate] API routes validate their body with zod: Every route handler parses its body",
      );
      expect(prompt).toContain(
        "[migrations-append-only] Migrations are append-only and numbered: Never edit a shipped migration",
      );
    }
  });

  it("are what the clarification composer sees too", () => {
    const compose = prompts(/^clarification_compose_/);
    expect(compose).toHaveLength(8);
    for (const prompt of compose) {
      expect(prompt).toContain(`- ${TOUCHED.route} (`);
      expect(prompt).toContain("[invoices-through-service] Invoices are written only through InvoiceService");
    }
  });
});

describe("the project's existing tables", () => {
  it("come from its migrations, never from type names", () => {
    const [dataModel] = prompts(/^section_generate_data_model_a1$/);
    expect(dataModel).toContain(
      "- DDL: every foreign key references a table defined here or already in the project (customers, invoices).",
    );
    expect(dataModel).toContain("Existing tables (from the project's schema files): customers, invoices");
    for (const type of ["logger", "bucket", "request_context", "customer_dto"])
      expect(dataModel).not.toContain(type);
  });
});

describe("the names the PRD cites", () => {
  it("are checked as the kind they name, the run's own id left out", () => {
    const report = output("10-verification-report.md");
    for (const row of [
      "| `customers.email` | column | yes | customers.email in db/migrations/0001_customers.sql |",
      "| `invoices.id` | column | yes | invoices.id in db/migrations/0002_invoices.sql |",
      "| `invoices-through-service` | rule | yes | doc:invoices-through-service |",
      "| `sendEmail` | symbol | yes | lib/email/mailer.ts:1 |",
      "| `InvoiceService.remindBeforeDue` | symbol | no | - |",
    ])
      expect(report).toContain(row);
    expect(report).not.toContain(`| \`${runId}\` |`);
  });
});

describe("a complete PRD", () => {
  it("passes every section on its first attempt, the completeness sections among them", () => {
    expect(last.action.kind).toBe("done");
    expect(last.state_summary.sections.map((s) => [s.type, s.status, s.attempts])).toEqual(
      [
        "overview",
        "goals",
        "assumptions",
        "requirements",
        "user_stories",
        "technical_specification",
        "acceptance_criteria",
        "data_model",
        "api_specification",
        "security_considerations",
        "performance_requirements",
        "testing",
        "rollout_plan",
        "risks",
        "open_questions",
        "decision_log",
      ].map((type) => [type, "passed", 1]),
    );
    const prd = output("01-prd.md");
    for (const heading of ["## Assumptions", "## Open Questions", "## Decision Log"])
      expect(prd).toContain(heading);
    const deployment = output("06-deployment.md");
    expect(deployment).toContain("## Rollout and Migration Plan");
    expect(deployment).toContain("## Risks");
  });

  it("exports the clarification answers every Source cites, with who answered", () => {
    const record = output("11-clarifications.md");
    expect(record).toContain(
      "| CLR-01 | Which schedules must the first release support? | Monthly only; the user added: on a day of the month the admin picks, 1 to 28 | user (option and typed) |",
    );
    expect(record).toContain(
      "| CLR-06 | In which time zone does a schedule's day start? | The account's time zone; customers abroad are rare | user (typed) |",
    );
    const cited = new Set([...output("01-prd.md").matchAll(/CLR-\d\d/g)].map((m) => m[0]));
    for (const id of cited) expect(record).toContain(`| ${id} |`);
    expect(cited.size).toBeGreaterThan(5);
  });

  it("writes its files under prd-output/<run_id>/", () => {
    expect(readdirSync(join(root, "prd-output", runId)).sort()).toEqual([
      "00-run-notes.md",
      "01-prd.md",
      "02-data-model.md",
      "03-api-spec.md",
      "04-security.md",
      "05-testing.md",
      "06-deployment.md",
      "07-jira-tickets.md",
      "10-verification-report.md",
      "11-clarifications.md",
      "12-grounding.md",
      "affected-symbols.json",
    ]);
    expect(output("12-grounding.md")).toContain(
      `- \`${TOUCHED.migration}\`: its path names "invoices"; it declares the table \`invoices\`.`,
    );
  });
});
