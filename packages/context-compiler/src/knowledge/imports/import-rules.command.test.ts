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

function runWithCode(opts: ImportRulesOptions, walkLimit?: number): { text: string; code: number } {
  let text = "";
  const code = importRulesCommand(
    resolveGlobalOptions({ projectRoot: project.root, db: project.dbPath }),
    opts,
    (t) => {
      text += t;
    },
    walkLimit,
  );
  return { text: text.replace(/bundle_[0-9a-f]{16}/g, "bundle_X"), code };
}
const run = (opts: ImportRulesOptions) => runWithCode(opts).text;
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

// The walk's real bound is 20,000 files; these tests pass a bound of 3, which the command takes for tests.
describe("archon import-rules outside git, past the walk's bound", () => {
  const BODIES: Record<string, string> = {
    alpha: "Name exported functions after what they return.",
    beta: "Log every retry with its attempt number.",
    gamma: "Wrap database calls in one transaction.",
    delta: "Escape user input before rendering markup.",
  };
  const rule = (name: string) => `---\ndescription: ${name} rule\n---\n${BODIES[name]}\n`;

  it("reads every rule file whatever the number of other files, and approves them all", () => {
    for (let i = 0; i < 40; i++) project.write(`src/module-${i}/index.ts`, "export {};\n");
    for (const name of ["alpha", "beta", "gamma"]) project.write(`.cursor/rules/${name}.mdc`, rule(name));
    const { text, code } = runWithCode({ approve: true, from: "cursor" }, 3);
    expect(code).toBe(0);
    expect(text).toContain("Found 3 instruction files (a directory walk).\n");
    expect(text).toMatch(/\nApproved bundle bundle_X: knowledge_version 1, snapshot snap_v1\.\n$/);
    const approved = listProposals(project.context().kdb.db, "approved").map((p) => String(p.payload.doc_id));
    expect(approved.sort()).toEqual(["alpha", "beta", "gamma"]);
  });

  it("says so in the text, proposes nothing and exits 1 when there are more rule files than it reads", () => {
    for (const name of ["alpha", "beta", "gamma", "delta"])
      project.write(`.cursor/rules/${name}.mdc`, rule(name));
    const before = state();
    expect(runWithCode({ approve: true, from: "cursor" }, 3)).toEqual({
      code: 1,
      text: [
        "Found 3 instruction files (a directory walk, stopped early).",
        ".cursor/rules/alpha.mdc  [cursor]  1 unit",
        '  alpha  guideline  → when relevant: "alpha rule"',
        ".cursor/rules/beta.mdc  [cursor]  1 unit",
        '  beta  guideline  → when relevant: "beta rule"',
        ".cursor/rules/delta.mdc  [cursor]  1 unit",
        '  delta  guideline  → when relevant: "delta rule"',
        "! The directory walk stopped after 3 instruction files; there are more, and they were not read. Nothing was proposed. Run it inside a git repository (git ls-files has no limit), or move the extra rule files out of the project.",
        "",
      ].join("\n"),
    });
    expect(state()).toEqual(before);
  });

  it("says so in the JSON as well, with no bundle, and exits 1", () => {
    for (const name of ["alpha", "beta", "gamma", "delta"])
      project.write(`.cursor/rules/${name}.mdc`, rule(name));
    const { text, code } = runWithCode({ json: true, approve: true }, 3);
    expect(code).toBe(1);
    expect(JSON.parse(text)).toMatchObject({ method: "walk", truncated: true, bundle: null, approved: null });
  });
});
