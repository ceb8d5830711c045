import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { doctorCommand, formatDoctorReport } from "../../cli/doctor.command.js";
import { doctorTool } from "../../mcp/admin/doctor.tool.js";
import { commitAll, git } from "../../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import type { DoctorReport } from "./doctor.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

type Ctx = ReturnType<TestProject["context"]>;
const doctor = (ctx: Ctx) => doctorTool.run({}, ctx) as DoctorReport;
const brief = (r: DoctorReport) => r.findings.map((f) => [f.severity, f.check, f.doc_ids, f.edge_ids]);

/** Commits with a fixed author and date, so history (and therefore co-change counts) is the same every run. */
function commit(root: string, message: string, files: Record<string, string>) {
  for (const [path, content] of Object.entries(files)) project.write(path, content);
  if (!existsSync(join(root, ".git"))) git(root, "init", "-q", "-b", "main");
  commitAll(root, message);
}

describe("doctor on a healthy knowledge base", () => {
  it("finds nothing, says so, and skips co-change outside a git repository", () => {
    project.write("src/api/client.ts", "export {};\n");
    project.write("docs/api.md", "Use the client.\n");
    const ctx = project.context("admin");
    seed(ctx, {
      documents: [
        doc("api", { content: "Use the client.\n", source_path: "docs/api.md", patterns: ["src/api/**"] }),
      ],
    });
    expect(doctor(ctx)).toEqual({
      knowledge_version: 1,
      ok: true,
      summary: { error: 0, warning: 0, info: 0 },
      findings: [],
      project_files: { source: "walk", count: 2, truncated: false },
      skipped: ["Co-change suggestions: the project is not a git repository (or git is unavailable)."],
    });
  });
});

describe("doctor on a broken knowledge base", () => {
  function seedBroken() {
    project.write("src/api/client.ts", "export {};\n");
    project.write("docs/stale.md", "Newer text.\n");
    const ctx = project.context("admin");
    const words = "Always validate request bodies with the shared schema before calling any service method";
    seed(ctx, {
      documents: [
        doc("api", { patterns: ["src/api/**"] }),
        doc("orphan"),
        doc("tagged", { tags: ["testing"] }),
        doc("layered", { layers: ["service"] }),
        doc("ghost-glob", { patterns: ["lib/**"] }),
        doc("big", { content: "x".repeat(5000), patterns: ["src/**"] }),
        doc("dup-a", { title: "Validation", content: words, patterns: ["src/api/**"] }),
        doc("dup-b", { title: "Validation", content: `${words}.`, patterns: ["src/**/*.ts"] }),
        doc("gone", { source_path: "docs/gone.md", patterns: ["src/**"] }),
        doc("stale", { content: "Older text.\n", source_path: "docs/stale.md", patterns: ["src/**"] }),
        doc("retired", { patterns: ["src/api/client.ts"] }),
        doc("loop-a", { patterns: ["src/**"] }),
        doc("loop-b", { patterns: ["src/**"] }),
      ],
    });
    // States the write path refuses to create, written directly: doctor must still see them.
    const db = ctx.kdb.db;
    db.prepare("UPDATE documents SET status = 'deprecated' WHERE doc_id = 'retired'").run();
    const edge = db.prepare(
      "INSERT INTO edges (edge_type, source_value, target_doc_id, created_version) VALUES (?, ?, ?, 1)",
    );
    edge.run("doc_depends_on", "loop-a", "loop-b");
    edge.run("doc_depends_on", "loop-b", "loop-a");
    edge.run("path_requires", "src/[", "api");
    return ctx;
  }

  it("reports every problem with its severity and the ids to chase, errors first", () => {
    const ctx = seedBroken();
    const ids = (docId: string, type: string) =>
      ctx.kdb.db
        .prepare("SELECT edge_id FROM edges WHERE target_doc_id = ? AND edge_type = ? ORDER BY edge_id")
        .pluck()
        .all(docId, type) as number[];
    const r = doctor(ctx);
    expect(brief(r)).toEqual([
      ["error", "dead_edge", ["api"], ids("api", "path_requires").slice(1)],
      [
        "error",
        "dependency_cycle",
        ["loop-a", "loop-b"],
        [...ids("loop-b", "doc_depends_on"), ...ids("loop-a", "doc_depends_on")].sort((a, b) => a - b),
      ],
      ["error", "missing_source", ["gone"], []],
      ["warning", "dead_edge", ["ghost-glob"], ids("ghost-glob", "path_requires")],
      ["warning", "dead_edge", ["layered"], ids("layered", "layer_requires")],
      ["warning", "dead_edge", ["retired"], ids("retired", "path_requires")],
      ["warning", "isolated_document", ["ghost-glob"], []],
      ["warning", "isolated_document", ["layered"], []],
      ["warning", "isolated_document", ["orphan"], []],
      ["warning", "near_duplicate", ["dup-a", "dup-b"], []],
      ["warning", "oversized_document", ["big"], []],
      ["warning", "stale_source", ["stale"], []],
      ["info", "isolated_document", ["tagged"], []],
    ]);
    expect(r.ok).toBe(false);
    expect(r.summary).toEqual({ error: 3, warning: 9, info: 1 });
    const byCheck = (check: string, docId: string) =>
      r.findings.find((f) => f.check === check && f.doc_ids.includes(docId))?.message;
    expect(byCheck("dead_edge", "layered")).toBe(
      `Edge ${ids("layered", "layer_requires")[0]} (layer_requires service → layered) names layer "service", which no layer rule produces, so only target_layers can reach it.`,
    );
    expect(byCheck("dead_edge", "retired")).toBe(
      `Edge ${ids("retired", "path_requires")[0]} (path_requires src/api/client.ts → retired) targets a deprecated document.`,
    );
    expect(byCheck("dead_edge", "ghost-glob")).toMatch(/the glob matches no file of the project\.$/);
    expect(byCheck("missing_source", "gone")).toMatch(
      /^gone: source docs\/gone.md cannot be read: source_path "docs\/gone.md" does not exist/,
    );
    expect(r.findings.find((f) => f.check === "near_duplicate")?.similarity).toBe(1);
  });

  it("prints findings grouped by severity and exits 1 on errors, with --json printing the report", () => {
    seedBroken();
    const options = { surface: "admin" as const, db: project.dbPath, projectRoot: project.root };
    let human = "";
    expect(doctorCommand(options, {}, (t) => (human += t))).toBe(1);
    expect(human).toMatch(
      /^archon doctor: 3 errors, 9 warnings, 1 info\nknowledge_version 1; 2 project files \(from walk\)\n\nerrors \(3\)\n {2}dead_edge /,
    );
    expect(human.indexOf("\nwarnings (9)\n")).toBeGreaterThan(human.indexOf("\nerrors (3)\n"));
    expect(human.indexOf("\ninfo (1)\n")).toBeGreaterThan(human.indexOf("\nwarnings (9)\n"));
    let json = "";
    expect(doctorCommand(options, { json: true }, (t) => (json += t))).toBe(1);
    expect(JSON.parse(json)).toMatchObject({ ok: false, summary: { error: 3, warning: 9, info: 1 } });
  });

  it("exits 0 when there are only warnings", () => {
    const ctx = project.context("admin");
    seed(ctx, { documents: [doc("orphan")] });
    const options = { surface: "admin" as const, db: project.dbPath, projectRoot: project.root };
    let out = "";
    expect(doctorCommand(options, {}, (t) => (out += t))).toBe(0);
    expect(out).toContain("warnings (1)\n  isolated_document  orphan has no live edge");
    // The command adds the audit log's size after the report (an empty log here).
    expect(
      `${formatDoctorReport(doctor(ctx), { kind: "cli", prefix: "archon_" })}\naudit log: 0 compile(s), 0 delivery row(s), about 0 KiB, oldest - (0 days); 0 aggregate row(s)\n`,
    ).toBe(out);
  });
});

describe("doctor in a git repository", () => {
  it("lists project files from git and suggests files that change with a source but no glob covers", () => {
    const api = (n: number) => `API rules, revision ${n}.\n`;
    project.write(".gitignore", ".archon/\n");
    for (let n = 1; n <= 3; n++) {
      commit(project.root, `change ${n}`, {
        "docs/api.md": api(n),
        "src/api/client.ts": `// ${n}\n`,
        "src/shared/http.ts": `// ${n}\n`,
        ...(n < 3 ? { "src/shared/once.ts": `// ${n}\n` } : {}),
      });
    }
    const ctx = project.context("admin");
    seed(ctx, {
      documents: [doc("api", { content: api(3), source_path: "docs/api.md", patterns: ["src/api/**"] })],
    });
    const r = doctor(ctx);
    expect(r.project_files).toEqual({ source: "git", count: 5, truncated: false });
    expect(r.skipped).toEqual([]);
    expect(r.findings).toEqual([
      {
        severity: "info",
        check: "co_change",
        message:
          "src/shared/http.ts (3 commits) changed together with docs/api.md at least 3 times, but no path_requires glob of api covers it. Consider adding one, or ignore this if the coupling is incidental.",
        doc_ids: ["api"],
        edge_ids: [],
        files: ["src/shared/http.ts"],
      },
    ]);
  });
});
