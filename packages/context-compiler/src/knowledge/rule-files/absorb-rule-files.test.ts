import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../../context/archon-context.js";
import {
  readInitManifest,
  templateBaseline,
  UNKNOWN_BASELINE,
  writeInitManifest,
} from "../../store/init-manifest.js";
import { recentRuleFileChanges, takeUntoldRuleFileChanges } from "../../store/rule-files.js";
import { readVersion } from "../../store/version.js";
import { commitAll, git } from "../../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { importDoc } from "../import-doc.js";

let a: TestProject;
let b: TestProject;

/** What a compile for `file` delivers: each document's id and text. */
const delivered = (project: TestProject, file: string, ctx = project.context()) =>
  ctx.compiler
    .compile({ target_files: [file] })
    .base.documents.map((d) => [d.doc_id, d.content ?? null] as const);

const ruleFile = (project: TestProject, id: string) => join(project.root, ".archon", "rules", `${id}.md`);
const editRule = (project: TestProject, id: string, from: string, to: string) =>
  writeFileSync(ruleFile(project, id), readFileSync(ruleFile(project, id), "utf8").replace(from, to));

beforeEach(() => {
  a = tempProject("archon-absorb-a-");
  seed(a.context(), {
    documents: [
      doc("api", { patterns: ["src/api/**"], content: "Answer 422 for invalid bodies.\n" }),
      doc("ui", { patterns: ["src/ui/**"], content: "One component per file.\n" }),
    ],
  });
  commitAll(a.root, "archon rules", true);
  b = tempProject("archon-absorb-b-");
  rmSync(b.root, { recursive: true, force: true });
  git(dirname(b.root), "clone", "-q", a.root, b.root);
});

afterEach(() => {
  a.cleanup();
  b.cleanup();
});

describe("a teammate's clone", () => {
  it("compiles the committed rules with no command, to the same knowledge_hash", () => {
    const ours = a.context().compiler.compile({ target_files: ["src/api/users.ts"] });
    const theirs = b.context().compiler.compile({ target_files: ["src/api/users.ts"] });
    expect(delivered(b, "src/api/users.ts")).toEqual([["api", "Answer 422 for invalid bodies.\n"]]);
    expect(theirs.knowledge_hash).toBe(ours.knowledge_hash);
    expect(git(b.root, "status", "--porcelain")).toBe("");
  });
});

describe("a template's rule", () => {
  it("says so in its file, and a clone orders it after the project's own rules as the original does", () => {
    const ctx = a.context();
    writeInitManifest(ctx.kdb.db, {
      template: "nextjs",
      template_version: "1.0.0",
      placeholders: {},
      applied_at: "2026-11-29T12:00:00.000Z",
      knowledge_version: 1,
      documents: [{ doc_id: "ui", content_hash: "0".repeat(64) }],
    });
    seed(ctx, {
      documents: [doc("ui", { patterns: ["src/ui/**"], content: "One component per file, typed.\n" })],
    });
    expect(readFileSync(ruleFile(a, "ui"), "utf8")).toContain("\ntemplate: nextjs\n");
    commitAll(a.root, "Template rule");
    git(b.root, "pull", "-q");
    const delivered = (project: TestProject) =>
      project
        .context()
        .compiler.compile({ target_files: ["src/ui/Button.tsx"] })
        .base.documents.map((d) => [d.doc_id, d.from_template ?? false]);
    expect(delivered(b)).toEqual([["ui", true]]);
    expect(delivered(b)).toEqual(delivered(a));
  });

  it("as an older archon committed it (its template named, not what it installed) has no baseline in a clone", () => {
    writeFileSync(
      ruleFile(a, "ui"),
      "---\ndoc_id: ui\ntitle: UI\nglobs:\n  - src/ui/**\ntemplate: nextjs\n---\nOne component.\n",
    );
    commitAll(a.root, "Template rule, older format");
    git(b.root, "pull", "-q");
    const db = b.context().kdb.db;
    expect({ baseline: templateBaseline(db, "ui"), manifest: readInitManifest(db) }).toEqual({
      baseline: UNKNOWN_BASELINE,
      manifest: undefined,
    });
  });
});

describe("a commit that changes rule files", () => {
  it("is absorbed by an open process at its next compile, and the person is told once", () => {
    const server = a.context("agent");
    expect(delivered(a, "src/api/users.ts", server)).toEqual([["api", "Answer 422 for invalid bodies.\n"]]);
    editRule(b, "api", "422", "400");
    commitAll(b.root, "Answer 400 instead");
    git(a.root, "pull", "-q", b.root, "main");
    expect(delivered(a, "src/api/users.ts", server)).toEqual([["api", "Answer 400 for invalid bodies.\n"]]);
    const told = takeUntoldRuleFileChanges(server.kdb.db);
    expect(told).toMatchObject([
      {
        commits: [expect.stringMatching(/^[0-9a-f]{7,} Test: Answer 400 instead$/)],
        changed: ["api"],
        removed: [],
      },
    ]);
    expect(takeUntoldRuleFileChanges(server.kdb.db)).toEqual([]);
  });

  it("retires the rule of a file it deletes", () => {
    rmSync(ruleFile(b, "ui"));
    commitAll(b.root, "Drop the ui rule");
    git(a.root, "pull", "-q", b.root, "main");
    expect(delivered(a, "src/ui/Button.tsx")).toEqual([]);
    expect(recentRuleFileChanges(a.context().kdb.db, 1)).toMatchObject([{ removed: ["ui"] }]);
  });

  it("never absorbs an uncommitted edit", () => {
    editRule(a, "api", "422", "418");
    expect(delivered(a, "src/api/users.ts")).toEqual([["api", "Answer 422 for invalid bodies.\n"]]);
  });

  it("leaves a rule approved here and not committed yet in force when a pull does not touch it", () => {
    seed(a.context(), {
      documents: [doc("db", { patterns: ["src/db/**"], content: "Migrations only append.\n" })],
    });
    expect(git(a.root, "status", "--porcelain")).toBe("?? .archon/rules/db.md\n");
    editRule(b, "ui", "One component", "One exported component");
    commitAll(b.root, "Tighten ui");
    git(a.root, "pull", "-q", b.root, "main");
    expect(delivered(a, "src/db/001.sql")).toEqual([["db", "Migrations only append.\n"]]);
    expect(delivered(a, "src/ui/Button.tsx")).toEqual([["ui", "One exported component per file.\n"]]);
  });
});

describe("a rule file that does not parse", () => {
  it("keeps the knowledge it held, names its path and line, and is absorbed once a commit fixes it", () => {
    const text = readFileSync(ruleFile(b, "api"), "utf8");
    writeFileSync(ruleFile(b, "api"), text.replace("title:", "<<<<<<< HEAD\ntitle:"));
    commitAll(b.root, "A merge gone wrong");
    git(a.root, "pull", "-q", b.root, "main");
    const ctx = a.context();
    const version = readVersion(ctx.kdb.db);
    expect(delivered(a, "src/api/users.ts", ctx)).toEqual([["api", "Answer 422 for invalid bodies.\n"]]);
    expect(recentRuleFileChanges(ctx.kdb.db, 1)[0]?.problems).toEqual([
      expect.stringMatching(/^\.archon\/rules\/api\.md:\d+: /),
    ]);
    expect(readVersion(ctx.kdb.db)).toBe(version);
    writeFileSync(ruleFile(b, "api"), text.replace("422", "409"));
    commitAll(b.root, "Fix the merge");
    git(a.root, "pull", "-q", b.root, "main");
    expect(delivered(a, "src/api/users.ts", ctx)).toEqual([["api", "Answer 409 for invalid bodies.\n"]]);
  });
});

describe("a change approved in one clone", () => {
  it("is a text diff to commit, and the other clone compiles it after the pull", () => {
    importDoc(writeContext(b.context()), {
      doc_id: "api",
      title: "Title of api",
      content: "Answer 422 with the field that failed.\n",
    });
    expect(git(b.root, "diff", "--stat")).toMatch(/\.archon\/rules\/api\.md \| 2 \+-/);
    commitAll(b.root, "Name the field");
    git(a.root, "pull", "-q", b.root, "main");
    expect(delivered(a, "src/api/users.ts")).toEqual([["api", "Answer 422 with the field that failed.\n"]]);
  });

  it("is refused, changing nothing, over a rule file someone edited and did not commit", () => {
    editRule(b, "api", "422", "451");
    const ctx = b.context();
    const version = readVersion(ctx.kdb.db);
    expect(() =>
      importDoc(writeContext(ctx), {
        doc_id: "api",
        title: "Api",
        content: "Other.\n",
      }),
    ).toThrow(/\.archon\/rules\/api\.md has edits that are neither committed nor archon's/);
    expect(readVersion(ctx.kdb.db)).toBe(version);
    expect(readFileSync(ruleFile(b, "api"), "utf8")).toContain("Answer 451");
  });
});

describe("a project that absorbs rule changes only from its default branch", () => {
  it("takes a commit once origin/main has it, and not before", () => {
    b.write(".archon/config.json", '{ "absorbRulesFrom": "origin/main" }\n');
    editRule(b, "api", "422", "400");
    commitAll(b.root, "An agent's unreviewed change");
    expect(delivered(b, "src/api/users.ts")).toEqual([["api", "Answer 422 for invalid bodies.\n"]]);
    editRule(a, "ui", "One component", "One small component");
    commitAll(a.root, "Reviewed on main");
    git(b.root, "fetch", "-q");
    expect(delivered(b, "src/ui/Button.tsx")).toEqual([["ui", "One small component per file.\n"]]);
    expect(delivered(b, "src/api/users.ts")).toEqual([["api", "Answer 422 for invalid bodies.\n"]]);
  });
});

describe("a project that becomes a git repository later", () => {
  it("keeps its rules though the first commit leaves the rule files out", () => {
    const late = tempProject("archon-absorb-late-");
    try {
      seed(late.context(), {
        documents: [doc("api", { patterns: ["src/api/**"], content: "Answer 422.\n" })],
      });
      late.write(".gitignore", ".archon/\n");
      commitAll(late.root, "initial", true);
      expect(delivered(late, "src/api/users.ts")).toEqual([["api", "Answer 422.\n"]]);
    } finally {
      late.cleanup();
    }
  });
});

describe("a rule file an older archon committed (its text alone, no front matter)", () => {
  it("is neither absorbed nor reported, and the next change writes it with its front matter", () => {
    const old = tempProject("archon-absorb-old-");
    try {
      seed(old.context(), {
        documents: [
          doc("x", { source_path: ".archon/rules/x.md", content: "Run the tests before you push.\n" }),
        ],
      });
      old.write(".archon/rules/x.md", "Run the tests before you push.\n");
      commitAll(old.root, "as an older archon left it", true);
      const ctx = old.context();
      expect(recentRuleFileChanges(ctx.kdb.db, 5)).toEqual([]);
      seed(ctx, {
        documents: [
          doc("x", {
            source_path: ".archon/rules/x.md",
            content: "Run the tests before you push.\n",
            priority: 10,
          }),
        ],
      });
      expect(readFileSync(join(old.root, ".archon/rules/x.md"), "utf8")).toMatch(/^---\ndoc_id: x\n/);
    } finally {
      old.cleanup();
    }
  });
});
