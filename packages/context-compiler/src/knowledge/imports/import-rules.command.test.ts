import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ImportRulesOptions, importRulesCommand } from "../../cli/import-rules.command.js";
import { resolveGlobalOptions } from "../../cli/options.js";
import { listProposals } from "../../store/proposals.js";
import { dbState } from "../../test-support/db-state.js";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { writeRealisticProject } from "../../test-support/realistic-project.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

function run(opts: ImportRulesOptions): string {
  let text = "";
  importRulesCommand(resolveGlobalOptions({ projectRoot: project.root, db: project.dbPath }), opts, (t) => {
    text += t;
  });
  return text.replace(/bundle_[0-9a-f]{16}/g, "bundle_X");
}
const state = () => dbState(project.context().kdb.db);

describe("archon import-rules", () => {
  it("with --dry-run prints what it found per file and writes nothing", () => {
    project.write("CLAUDE.md", "## Testing\nNever skip tests.\n");
    project.write(".cursor/rules/auth.mdc", "---\ndescription: Auth\n---\nRotate keys.\n");
    const before = state();
    expect(run({ dryRun: true })).toBe(
      [
        "Found 2 instruction files (a directory walk).",
        ".cursor/rules/auth.mdc  [cursor]  1 unit",
        '  auth  guideline  → when relevant: "Auth"',
        "      suggested tags (not applied): auth",
        "CLAUDE.md  [claude]  1 unit",
        "  claude-testing  constraint  → **",
        "      suggested tags (not applied): testing",
        "Dry run: 2 document(s) would be proposed; nothing was written.",
        "",
      ].join("\n"),
    );
    expect(state()).toEqual(before);
  });

  it("lands everything as one pending bundle, and a second run proposes nothing again", () => {
    writeRealisticProject(project);
    const first = run({});
    expect(first).toContain(
      "Proposed 13 document(s) as bundle bundle_X; they are pending.\n" +
        "Nothing is canonical yet. Check the bundle with archon proposals --bundle bundle_X; then a person approves it with archon approve bundle_X, which lands every document and its edges as one version.\n",
    );
    const pending = listProposals(project.context().kdb.db, "pending");
    expect(pending).toHaveLength(13);
    expect(new Set(pending.map((p) => p.bundle_id)).size).toBe(1);
    expect(state().version).toBe("0");
    const before = state();
    const second = run({});
    expect(second).toContain("      ! already imported as claude-testing (proposed); skipped\n");
    expect(second.endsWith("Nothing new to propose.\n")).toBe(true);
    expect(state()).toEqual(before);
  });

  it("prints the plan and the bundle as JSON with --json, limited to the --from formats", () => {
    writeRealisticProject(project);
    const out = JSON.parse(run({ json: true, from: "agents" }));
    expect(out).toMatchObject({
      method: "walk",
      truncated: false,
      dry_run: false,
      files: [
        { file: "packages/api/AGENTS.md", format: "agents", doc_ids: ["api-database-access"], notes: [] },
      ],
      already_imported: [],
      bundle: { bundle_id: "bundle_X", proposals: [{ doc_id: "api-database-access" }] },
    });
    expect(out.items).toHaveLength(1);
  });

  it("with --approve lands the bundle and approves it at once; refused together with --dry-run", () => {
    project.write("AGENTS.md", "## Style\nShort names.\n");
    expect(() => run({ approve: true, dryRun: true })).toThrow(
      "--approve and --dry-run cannot be used together.",
    );
    expect(run({ approve: true })).toMatch(
      /\nApproved bundle bundle_X: knowledge_version 1, snapshot snap_v1\.\n$/,
    );
    const ctx = project.context();
    expect(listProposals(ctx.kdb.db, "pending")).toHaveLength(0);
    expect(ctx.compiler.compile({ target_files: ["src/a.ts"] }).base.documents.map((d) => d.doc_id)).toEqual([
      "agents-style",
    ]);
  });

  it("says so when there is nothing to import", () => {
    expect(run({})).toBe("Found 0 instruction files (a directory walk).\nNothing new to propose.\n");
  });
});
