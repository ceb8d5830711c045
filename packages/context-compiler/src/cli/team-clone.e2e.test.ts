// The team story end to end, with the built command and real git: a repository shaped like the real
// ones is set up and migrated, committed and cloned without its database; the clone compiles the same
// bytes, neither tree gets dirty from compiling, an approval travels as a commit, and a merge conflict
// in a rule file changes nothing until someone commits a resolution.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REALISTIC_TARGETS, writeRealisticRepo } from "../bench/realistic-repo.js";
import { commitAll, git } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { runCli } from "../test-support/run-cli.js";

let a: TestProject;
let b: TestProject;

function archon(project: TestProject, ...args: string[]): string {
  const r = runCli(project.root, args);
  expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/**
 * A compile as JSON without what P-1 names local: its id, and the names each database gives its
 * knowledge (knowledge_version, snapshot_id); knowledge_hash says "the same rules".
 */
function compiled(project: TestProject, file: string, plan: string): string {
  const {
    compile_id: _id,
    knowledge_version: _v,
    snapshot_id: _s,
    ...rest
  } = JSON.parse(archon(project, "compile", file, "--plan", plan, "--json"));
  return JSON.stringify(rest, null, 1);
}

/** The compact text a model reads, without its first line (which names the compile and its version). */
const compiledText = (project: TestProject, file: string, plan: string) =>
  archon(project, "compile", file, "--plan", plan).split("\n").slice(1);

/** The same rule changed two ways, committed in each clone. */
function conflictingEdits(): void {
  const path = ".archon/rules/billing.md";
  for (const [project, word] of [
    [a, "euros"],
    [b, "dollars"],
  ] as const) {
    const file = join(project.root, path);
    writeFileSync(file, readFileSync(file, "utf8").replace("integer cents", `integer ${word}`));
    commitAll(project.root, `Amounts in ${word}`);
  }
}

beforeAll(() => {
  a = tempProject("archon-team-a-");
  writeRealisticRepo(a.root);
  // The shapes real repositories add: a CLAUDE.md that is a link to its AGENTS.md, and a Cursor rule
  // written as plain .md in a nested folder.
  symlinkSync("AGENTS.md", join(a.root, "apps/web/CLAUDE.md"));
  mkdirSync(join(a.root, ".cursor/rules/db"), { recursive: true });
  writeFileSync(
    join(a.root, ".cursor/rules/db/queries.md"),
    "---\ndescription: Database queries\nglobs: packages/db/**\n---\nEvery query takes a statement timeout.\n",
  );
  commitAll(a.root, "the repository as the team has it", true);
  archon(
    a,
    "setup",
    "--yes",
    "--agents",
    "claude,cursor,codex",
    "--template",
    "auto",
    "--no-embeddings",
    "--no-migrate",
  );
  archon(a, "migrate", "--yes");
  writeFileSync(
    join(a.root, "billing.seed.yaml"),
    "documents:\n  - doc_id: billing\n    title: Money\n    content: Amounts are integer cents.\n    patterns: [packages/db/**]\n",
  );
  archon(a, "seed", "billing.seed.yaml");
  rmSync(join(a.root, "billing.seed.yaml"));
  commitAll(a.root, "archon set up");
  b = tempProject("archon-team-b-");
  rmSync(b.root, { recursive: true, force: true });
  git(dirname(b.root), "clone", "-q", a.root, b.root);
}, 180_000);

afterAll(() => {
  a.cleanup();
  b.cleanup();
});

describe("a clone without the database", () => {
  it("has no database, only the committed rule files", () => {
    expect(existsSync(join(b.root, ".archon/archon.db"))).toBe(false);
    expect(readFileSync(join(b.root, ".archon/rules/billing.md"), "utf8")).toContain(
      "Amounts are integer cents.",
    );
  });

  it("compiles byte-identical results, and neither tree is dirty after 20 compiles", () => {
    for (const { file, plan } of REALISTIC_TARGETS) {
      expect(compiled(b, file, plan).split("\n"), file).toEqual(compiled(a, file, plan).split("\n"));
      expect(compiledText(b, file, plan), file).toEqual(compiledText(a, file, plan));
    }
    for (let i = 0; i < 2; i++)
      for (const { file, plan } of REALISTIC_TARGETS) {
        compiled(a, file, plan);
        compiled(b, file, plan);
      }
    expect(git(a.root, "status", "--porcelain")).toBe("");
    expect(git(b.root, "status", "--porcelain")).toBe("");
  }, 120_000);
});

describe("a rule change between clones", () => {
  it("travels as a text diff: approved in one clone, committed, pulled and compiled in the other", () => {
    mkdirSync(join(b.root, "packages/db/docs"), { recursive: true });
    writeFileSync(
      join(b.root, "packages/db/AGENTS.md"),
      "# Database\n\n## Indexes\n\nEvery foreign key gets an index.\n",
    );
    const imported = JSON.parse(archon(b, "import-rules", "--json")) as { bundle: { bundle_id: string } };
    archon(b, "approve", imported.bundle.bundle_id, "--i-am-human");
    const status = git(b.root, "status", "--porcelain");
    expect(status).toMatch(/^\?\? \.archon\/rules\/[\w.-]*index[\w.-]*\.md$/m);
    commitAll(b.root, "Index every foreign key");
    git(a.root, "pull", "-q", b.root, "main");
    const text = archon(a, "compile", "packages/db/src/client.ts", "--json");
    expect(text).toContain("Every foreign key gets an index.");
  });

  it("in conflict leaves the knowledge as it was until a resolution is committed", () => {
    conflictingEdits();
    const before = compiled(a, "packages/db/src/client.ts", "add pooling");
    expect(() => git(a.root, "pull", "-q", "--no-rebase", b.root, "main")).toThrow(/Command failed/);
    expect(git(a.root, "status", "--porcelain")).toMatch(/^UU \.archon\/rules\/billing\.md$/m);
    expect(readFileSync(join(a.root, ".archon/rules/billing.md"), "utf8")).toContain("<<<<<<<");
    expect(compiled(a, "packages/db/src/client.ts", "add pooling")).toBe(before);
    expect(before).toContain("Amounts are integer euros.");
    git(a.root, "merge", "--abort");
  });
});
