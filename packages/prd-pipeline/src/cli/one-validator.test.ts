// One validator everywhere: a grounded run, `archon-prd validate` on the file it exported, and
// validate_prd_section / validate_prd_document all judge the data model against the project's schema.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { cannedDraft } from "../demo/canned-drafts.js";
import { ScriptedHost } from "../demo/scripted-host.js";
import { connectPrdServer, type PrdConnection, serverEntry } from "../demo/stdio-client.js";

const ARCHON_BIN = fileURLToPath(new URL("../../../context-compiler/bin/archon.js", import.meta.url));
const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
};

/** The data model a drafter writes for the feature: new tables whose keys point at the project's own. */
const DATA_MODEL = cannedDraft("data_model").replace(
  /```sql[\s\S]*?```/,
  [
    "```sql",
    "CREATE TABLE invoice_schedules (",
    "  id UUID PRIMARY KEY,",
    "  customer_id UUID NOT NULL REFERENCES customers(id),",
    "  template_invoice_id UUID NOT NULL REFERENCES invoices(id)",
    ");",
    "CREATE TABLE invoice_reminders (",
    "  id UUID PRIMARY KEY,",
    "  schedule_id UUID NOT NULL REFERENCES invoice_schedules(id)",
    ");",
    "```",
  ].join("\n"),
);

const roots: string[] = [];
const open: PrdConnection[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A project whose tables live only in its migrations, with Archon set up by the real CLI. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), "prd-one-validator-"));
  roots.push(root);
  const files: Record<string, string> = {
    "db/migrations/001_init.sql":
      "CREATE TABLE customers (id UUID PRIMARY KEY);\nCREATE TABLE invoices (id UUID PRIMARY KEY, customer_id UUID REFERENCES customers(id));\n",
    "src/invoices/invoice-service.ts":
      "export function createInvoice(customerId: string) { return customerId; }\n",
    "archon.seed.yaml": [
      "documents:",
      "  - doc_id: money-in-cents",
      "    title: Money is stored in integer cents",
      '    content: "Amounts are integer cents, never floats."',
      '    patterns: ["src/**"]',
      "",
    ].join("\n"),
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = (cmd: string, args: string[]) =>
    execFileSync(cmd, args, { cwd: root, env: GIT_ENV, stdio: "pipe" });
  run("git", ["init", "-q", "-b", "main"]);
  run("git", ["add", "-A"]);
  run("git", ["commit", "-q", "-m", "initial"]);
  run(process.execPath, [ARCHON_BIN, "seed", "archon.seed.yaml"]);
  return root;
}

function validate(file: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [serverEntry(), "validate", file, "--json", ...args], {
    encoding: "utf8",
  });
  return { status: run.status, result: JSON.parse(run.stdout) as { violations: { rule: string }[] } };
}

const fkRules = (violations: readonly { rule: string }[]) =>
  violations.filter((v) => v.rule === "ddl_foreign_keys");

describe("one validator with one project context", () => {
  it("scores the run's exported data model as the run did, in the CLI and both tools", async () => {
    const root = project();
    const c = await connectPrdServer(root);
    open.push(c);
    const host = new ScriptedHost({
      projectRoot: root,
      draftOverride: (type) => (type === "data_model" ? DATA_MODEL : undefined),
    });
    const first = await c.start({
      feature_description: "Recurring invoices with reminders",
      prd_context: "feature",
    });
    const { last } = await host.drive(c, first);
    expect(last.action.kind).toBe("done");
    const exported = join(root, "prd-output", first.run_id, "02-data-model.md");
    const text = readFileSync(exported, "utf8");
    expect(text).toContain("REFERENCES customers(id)");

    const state = await c.call("prd_get_pipeline_state", { run_id: first.run_id, format: "validation" });
    const sections = (
      state.structuredContent as {
        sections: { type: string; score: number; violations: { rule: string }[] }[];
      }
    ).sections;
    const run = sections.find((s) => s.type === "data_model");
    expect(run).toMatchObject({ score: 1 });

    // The exported file as CI checks it, from the project root (the default) or with --project-root.
    const here = spawnSync(process.execPath, [serverEntry(), "validate", exported, "--json"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(here.status).toBe(0);
    const cli = validate(exported, "--project-root", root);
    expect(cli.status).toBe(0);
    expect(cli.result).toMatchObject({ has_critical: false });
    expect(fkRules(cli.result.violations)).toEqual([]);

    const body = text.slice(text.indexOf("## Data Model"));
    const section = await c.call("prd_validate_prd_section", { section_type: "data_model", content: body });
    expect(section.structuredContent).toMatchObject({
      score: run?.score,
      has_critical: false,
      violations: [],
    });
    const whole = await c.call("prd_validate_prd_document", { content: text });
    const overall = (
      whole.structuredContent as { overall: { has_critical: boolean; violations: { rule: string }[] } }
    ).overall;
    expect(overall.has_critical).toBe(false);
    expect(fkRules(overall.violations)).toEqual([]);
  });

  it("still flags a key to a table neither the PRD nor the schema defines", () => {
    const root = project();
    const file = join(root, "prd.md");
    writeFileSync(file, DATA_MODEL.replace("REFERENCES invoices(id)", "REFERENCES ghosts(id)"));
    const cli = validate(file, "--project-root", root);
    expect(cli.status).toBe(1);
    expect(fkRules(cli.result.violations)).toEqual([
      expect.objectContaining({
        message: "invoice_schedules references ghosts, which is neither defined here nor an existing table.",
      }),
    ]);
  });
});

describe("an unreadable project database", () => {
  it("is said with a hint, not a stack trace", () => {
    const root = mkdtempSync(join(tmpdir(), "prd-bad-db-"));
    roots.push(root);
    mkdirSync(join(root, ".archon"));
    writeFileSync(join(root, ".archon", "archon.db"), "not a database at all, just text");
    const file = join(root, "prd.md");
    // A PRD naming a file makes the validator read that file's project rules from the database.
    writeFileSync(file, `${DATA_MODEL}\n\nThe schedule lives in \`src/invoices/invoice-service.ts\`.`);
    const run = spawnSync(process.execPath, [serverEntry(), "validate", file, "--project-root", root], {
      encoding: "utf8",
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`Cannot read the Archon database of ${root}`);
    expect(run.stderr).toContain("--archon-db");
    expect(run.stderr).not.toContain("    at ");
  });
});
