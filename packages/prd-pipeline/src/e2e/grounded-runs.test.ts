// A run on a project with Archon and no external servers: grounding served in-process, seen in the prompts.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { archonProject, GROUNDED_FEATURE } from "../demo/archon-project.js";
import { ScriptedHost } from "../demo/scripted-host.js";
import { connectPrdServer, type PrdConnection } from "../demo/stdio-client.js";
import { getConfigTool } from "../mcp/tools/get-config.tool.js";
import type { Envelope } from "../run-model/envelope.js";
import type { Action } from "../run-model/protocol.js";

const configSchema = z.object(getConfigTool.output);

const PREAMBLE = "Here is the overview section:";
let root: string;

beforeAll(() => {
  root = archonProject();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Drives a run to its end, keeping every action the host was given. */
async function drive(connection: PrdConnection, host: ScriptedHost, first: Envelope) {
  const actions: Action[] = [];
  let envelope = first;
  while (envelope.action.kind !== "done" && envelope.action.kind !== "failed") {
    actions.push(envelope.action);
    envelope = await connection.submit(envelope.run_id, host.respond(envelope.action));
  }
  return { last: envelope, actions };
}

const prompts = (actions: Action[], batch: RegExp) =>
  actions.flatMap((a) =>
    a.kind === "spawn_subagents" && batch.test(a.batch_id) ? a.invocations.map((i) => i.prompt) : [],
  );

describe("a feature run on a project with Archon and no external servers", () => {
  let result: Awaited<ReturnType<typeof drive>>;
  let runId: string;
  let config: z.infer<typeof configSchema>;

  beforeAll(async () => {
    const connection = await connectPrdServer(root);
    try {
      config = configSchema.parse((await connection.call("prd_get_config", {})).structuredContent);
      // No memory or codebase server answers: any such call reaching the host would fail the run's grounding.
      const host = new ScriptedHost({
        projectRoot: root,
        memory: false,
        codebase: false,
        draftOverride: (type, attempt) =>
          type === "overview" && attempt === 1
            ? `${PREAMBLE}\n\n## Overview\n\nMembers export an invoice as a PDF from the invoice page, for their records and their accountant.`
            : undefined,
      });
      const first = await connection.start({ feature_description: GROUNDED_FEATURE, prd_context: "feature" });
      runId = first.run_id;
      result = await drive(connection, host, first);
    } finally {
      await connection.close();
    }
  });

  it("reports Archon as its codebase and memory source", () => {
    expect(config.sources).toEqual({
      codebase: "archon",
      memory: "archon",
      archon_database: join(root, ".archon", "archon.db"),
    });
    expect(config.subagent_namespace).toBe("archon");
  });

  it("ends done without asking the host for a single codebase or memory call", () => {
    expect(result.last.action.kind).toBe("done");
    expect(
      result.actions.filter((a) => a.kind === "call_pipeline_tool" || a.kind === "call_cortex_tool"),
    ).toEqual([]);
    // Archon writes no work folder into the codebase, so there is no ignore file to write either.
    expect(
      result.actions
        .filter((a) => a.kind === "write_file")
        .every((a) => a.kind === "write_file" && a.path.startsWith(`prd-output/${runId}/`)),
    ).toBe(true);
  });

  it("puts the files, symbols, tests and project rules the feature touches into every draft prompt", () => {
    const drafts = prompts(result.actions, /^section_generate_/);
    expect(drafts.length).toBeGreaterThan(10);
    for (const prompt of drafts) {
      expect(prompt).toContain('<codebase_grounding source="archon">');
      expect(prompt).toContain("- lib/invoices/create-invoice.ts");
      expect(prompt).toContain("`createInvoice` function at lib/invoices/create-invoice.ts:2");
      expect(prompt).toContain("- tests/create-invoice.test.ts");
      expect(prompt).toContain(
        "[invoice-repository-only] Invoices are read and written through InvoiceRepository: Never query db.invoice",
      );
      expect(prompt).toContain("Checks this section will face");
    }
    // The project's architecture rule replaces the generic ports-and-adapters mandate where code is shown.
    const [spec] = prompts(result.actions, /^section_generate_technical_specification_a1$/);
    expect(spec).toContain("follow the project's own rules (invoice-repository-only)");
    expect(spec).not.toContain("Code examples go through ports and adapters.");
  });

  it("shows the acceptance criteria, user stories and tests the requirement ids they cite", () => {
    for (const batch of [
      /acceptance_criteria_a1/,
      /user_stories_a1/,
      /testing_a1/,
      /technical_specification_a1/,
    ]) {
      const [prompt] = prompts(result.actions, batch);
      expect(prompt).toContain("<requirements>\nFR-001: ");
    }
    const [api] = prompts(result.actions, /api_specification_a1/);
    expect(api).toContain(
      "Data-model entities (name payloads and resources after these): workspaces, identities",
    );
  });

  it("gives a retry its previous draft, its violations and its recall", () => {
    const [first, retry] = prompts(result.actions, /^section_generate_overview_a/);
    expect(first).not.toContain("<previous_draft>");
    expect(retry).toContain(`<previous_draft>\n${PREAMBLE}`);
    expect(retry).toContain("- [critical] no_preamble:");
  });

  it("gives the judges the index's evidence and reports it in the verification report", () => {
    const judges = prompts(result.actions, /^self_check_verify$/);
    const withEvidence = judges.filter((p) => p.includes('<index_evidence source="archon">'));
    expect(withEvidence.length).toBeGreaterThan(0);
    expect(withEvidence.join("\n")).toContain("`IdentityPort`: no such symbol in the index");
    const report = readFileSync(join(root, "prd-output", runId, "10-verification-report.md"), "utf8");
    expect(report).toContain("Checked against Archon's symbol index:");
    expect(report).toContain("| `IdentityPort` | symbol | no | - |");
  });

  it("writes its files under prd-output/<run_id>/", () => {
    const files = readdirSync(join(root, "prd-output", runId)).sort();
    expect(files).toContain("01-prd.md");
    expect(files).toContain("10-verification-report.md");
    expect(existsSync(join(root, ".archon-prd"))).toBe(false);
  });
});

describe("the same project with an external codebase server", () => {
  it("follows the protocol: the host answers the codebase and memory calls, and the ignore file path is relative", async () => {
    const connection = await connectPrdServer(root, ["--codebase", "external", "--memory", "external"]);
    try {
      const host = new ScriptedHost({ projectRoot: root });
      const first = await connection.start({
        feature_description: GROUNDED_FEATURE,
        prd_context: "feature",
        codebase_path: root,
      });
      const { last, actions } = await drive(connection, host, first);
      expect(last.action.kind).toBe("done");
      const calls = actions.flatMap((a) =>
        a.kind === "call_pipeline_tool" || a.kind === "call_cortex_tool" ? [`${a.kind}:${a.tool_name}`] : [],
      );
      expect([...new Set(calls)]).toEqual([
        "call_cortex_tool:memory_stats",
        "call_pipeline_tool:health_check",
        "call_cortex_tool:recall",
        "call_pipeline_tool:index_codebase",
        "call_pipeline_tool:prepare_prd_input",
        "call_pipeline_tool:validate_prd_against_graph",
        "call_cortex_tool:remember",
      ]);
      const writes = actions.flatMap((a) => (a.kind === "write_file" ? [a.path] : []));
      expect(writes[0]).toBe(".archon-prd/.gitignore");
      expect(writes.every((p) => !p.startsWith("/"))).toBe(true);
      expect(readFileSync(join(root, ".archon-prd/.gitignore"), "utf8")).toContain("*");
    } finally {
      await connection.close();
    }
  });
});
