import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../test-support/project.js";
import { runCli } from "../test-support/run-cli.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const archon = (...args: string[]) => runCli(project.root, ["--project-root", project.root, ...args]);

const SEED = `
documents:
  - doc_id: api-constraint
    title: API layer constraints
    kind: constraint
    priority: 10
    content: "Never call fetch directly from components."
    patterns: ["src/api/**"]
  - doc_id: scaffold-route
    title: New route template
    kind: template
    content: "export const route = ..."
    patterns: ["src/api/**"]
    commands: [scaffold]
`;

describe("usage", () => {
  it("prints help for the program and for each command", () => {
    const top = archon("--help");
    expect(top.code).toBe(0);
    for (const command of [
      "seed",
      "stats",
      "export",
      "import",
      "compile",
      "doctor",
      "import-rules",
      "approve",
      "proposals",
      "reject",
      "status",
      "sync-rules-file",
      "sync-rules",
      "maintenance",
      "deploy-adapters",
      "export-rules",
      "reindex-symbols",
      "verify-cache",
      "recall",
      "eval",
      "bench",
      "prune-log",
      "embed-docs",
    ])
      expect(top.stdout).toContain(command);
    const sub = archon("compile", "--help");
    expect(sub.stdout).toContain("--max-inline-bytes <n>");
  });

  it("refuses an unknown command or flag with usage and exit 1, without starting a server", () => {
    const unknown = archon("frobnicate");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("error: unknown command 'frobnicate'");
    expect(unknown.stderr).toContain("Usage: archon");
    for (const args of [
      ["frobnicate", "--help"],
      ["--db", "x.db", "frobnicate", "-h"],
    ]) {
      const asked = archon(...args);
      expect(asked.code).toBe(1);
      expect(asked.stderr).toContain("error: unknown command 'frobnicate'");
    }
    expect(archon("--db", "x.db", "stats", "--help").code).toBe(0);
    const flag = archon("stats", "--verbose");
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain("unknown option '--verbose'");
  });

  it("sync-init-manifest refuses a project that was never bootstrapped from a template, in one line", () => {
    // An Archon project (it has .archon/), only not one made from a template.
    project.context().close();
    const r = archon("sync-init-manifest");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "archon: This project was not bootstrapped from a template, so there is nothing to upgrade.",
    );
  });

  it("reports a bad value as one line, never a stack trace", () => {
    project.write("archon.seed.yaml", SEED);
    const r = archon("compile", "src/a.ts", "--max-inline-bytes", "lots");
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('archon: --max-inline-bytes must be a positive whole number, not "lots".');
  });
});

describe("the review commands", () => {
  it("refuse a rejection without --comment with one line, a hint and exit 1", () => {
    const r = archon("reject", "prop_x");
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      'archon: archon reject needs --comment saying why the proposal is rejected.\nHint: Run it again with a reason, for example: archon reject prop_x --comment "duplicates an existing rule".',
    );
  });

  it("print only JSON with --json", () => {
    project.write("archon.seed.yaml", SEED);
    archon("seed", "archon.seed.yaml");
    expect(JSON.parse(archon("proposals", "--json").stdout)).toEqual({
      status: "pending",
      count: 0,
      proposals: [],
      bundles: [],
    });
    expect(JSON.parse(archon("status", "--json").stdout)).toMatchObject({ knowledge_version: 1, next: null });
  });
});

describe("seed, compile and stats", () => {
  it("seeds, then compiles for a person and as JSON", () => {
    project.write("archon.seed.yaml", SEED);
    expect(archon("seed", "archon.seed.yaml").stdout).toContain("Seeded 2 documents");
    expect(archon("seed", "archon.seed.yaml").stdout).toContain("Already up to date");
    const human = archon("compile", "src/api/users.ts");
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/\[inline {2}\] api-constraint · constraint · 42 B/);
    expect(human.stdout).toContain("Never call fetch directly from components.");
    const json = JSON.parse(archon("compile", "src/api/users.ts", "--command", "scaffold", "--json").stdout);
    expect(json.base.templates).toMatchObject([{ doc_id: "scaffold-route", delivery: "inline" }]);
    expect(JSON.parse(archon("stats", "--json").stdout)).toMatchObject({ knowledge_version: 1, compiles: 2 });
  });

  it("rejects a bad seed file with every problem and exit 1", () => {
    project.write(
      "bad.yaml",
      "documents:\n  - doc_id: a\n    title: A\n    content: x\n    depends_on: [ghost]\n",
    );
    const r = archon("seed", "bad.yaml");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('depends_on names unknown document "ghost"');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("export and import", () => {
  it("round-trips the whole database into another one", () => {
    project.write("archon.seed.yaml", SEED);
    archon("seed", "archon.seed.yaml");
    archon("compile", "src/api/users.ts");
    expect(archon("export", "backup.json").code).toBe(0);
    const restored = archon("--db", ".archon/restored.db", "import", "backup.json");
    expect(restored.stdout).toContain("knowledge_version 1");
    const a = JSON.parse(archon("stats", "--json").stdout);
    const b = JSON.parse(archon("--db", ".archon/restored.db", "stats", "--json").stdout);
    expect(b).toEqual(a);
    expect(archon("--db", ".archon/restored.db", "export", "again.json").code).toBe(0);
    expect(readFileSync(join(project.root, "again.json"), "utf8")).toBe(
      readFileSync(join(project.root, "backup.json"), "utf8"),
    );
  });

  it("leaves the database untouched when the import file is not an export", () => {
    project.write("archon.seed.yaml", SEED);
    archon("seed", "archon.seed.yaml");
    const before = sha256(readFileSync(project.dbPath));
    project.write("junk.json", '{"format":"something-else","tables":{}}');
    const r = archon("import", "junk.json");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is not an archon export");
    project.write(
      "trap.json",
      JSON.stringify({
        format: "archon-export",
        format_version: 1,
        schema_version: 1,
        tables: { documents: [{ "doc_id) VALUES (1); DROP TABLE edges; --": 1 }] },
      }),
    );
    expect(archon("import", "trap.json").stderr).toContain("unknown columns");
    expect(sha256(readFileSync(project.dbPath))).toBe(before);
  });
});
