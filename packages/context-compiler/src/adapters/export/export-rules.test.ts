import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expandBraces } from "../../read/glob-braces.js";
import { addEdge } from "../../store/edges.js";
import { bigRules, monorepo } from "../../test-support/monorepo-project.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { exportRules } from "./export-rules.js";
import { EXPORT_TARGETS } from "./export-targets.js";
import { exportableRules } from "./knowledge-rules.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-export-");
});
afterEach(() => project.cleanup());

const read = (rel: string) => readFileSync(join(project.root, rel), "utf8");

function seeded() {
  const ctx = project.context("admin");
  seed(ctx, {
    documents: [
      doc("api-errors", {
        title: "API errors",
        patterns: ["src/api/**", "src/*.{ts,tsx}"],
        content: "Return typed errors.",
      }),
      doc("house-style", { title: "House style", patterns: ["**"], content: "Write short functions." }),
    ],
  });
  return ctx;
}

describe("which documents become editor rules", () => {
  it("turns layers into their path patterns, gives dependencies their dependents' scope, keeps described documents as rules applied when relevant and skips the rest", () => {
    const ctx = project.context("admin");
    seed(ctx, {
      documents: [
        doc("api", { layers: ["api"] }),
        doc("errors", { depends_on: [] }),
        doc("client", { patterns: ["src/client/**"], depends_on: ["errors"] }),
        doc("deploy-steps", { commands: ["deploy"] }),
        doc("component", { kind: "template", patterns: ["src/ui/**"] }),
        doc("orphan"),
        doc("when-relevant", { description: "  touching the release scripts  " }),
        doc("described-and-scoped", { patterns: ["src/x/**"], description: "the x module" }),
      ],
      layer_rules: [{ pattern: "src/api/**", layer: "api" }],
    });
    const { rules, skipped } = exportableRules(ctx.kdb.db);
    expect(rules.map((r) => [r.doc_id, r.scope, r.globs, r.description])).toEqual([
      ["api", "globs", ["src/api/**"], null],
      ["client", "globs", ["src/client/**"], null],
      ["described-and-scoped", "globs", ["src/x/**"], "the x module"],
      ["errors", "globs", ["src/client/**"], null],
      ["when-relevant", "relevant", [], "touching the release scripts"],
    ]);
    expect(skipped).toEqual([
      { doc_id: "component", reason: "a template: delivered only to scaffold compiles" },
      { doc_id: "deploy-steps", reason: "reached only through a command; editors have no equivalent" },
      { doc_id: "orphan", reason: "no edge reaches it" },
    ]);
  });
});

describe("brace expansion", () => {
  it("expands every group, nested ones included, and keeps braces with no alternatives", () => {
    expect(expandBraces("src/**/*.{ts,tsx}")).toEqual(["src/**/*.ts", "src/**/*.tsx"]);
    expect(expandBraces("{a,b/{c,d}}/x")).toEqual(["a/x", "b/c/x", "b/d/x"]);
    expect(expandBraces("src/{a}/x")).toEqual(["src/{a}/x"]);
  });

  it("exports a glob of 24 brace groups, stored before globs were bounded, as its folder glob with a warning", () => {
    const bomb = `src/${"{a,b}".repeat(24)}/*.ts`;
    const ctx = project.context("admin");
    seed(ctx, { documents: [doc("bomb", { title: "Bomb", patterns: ["lib/**"], content: "Text." })] });
    // Written the way an older archon stored it, past the check every entry now makes.
    addEdge(ctx.kdb.db, { edge_type: "path_requires", source_value: bomb, target_doc_id: "bomb" }, 2);
    const result = exportRules(
      { db: ctx.kdb.db, projectRoot: project.root },
      { targets: ["cursor", "claude", "kiro"] },
    );
    expect(read(".cursor/rules/bomb.mdc")).toContain('globs: "lib/**,src/**"\n');
    expect(read(".kiro/steering/bomb.md")).toContain('fileMatchPattern: ["lib/**", "src/**"]\n');
    // Claude Code reads a list of globs, braces included, so the glob is kept as written.
    expect(read(".claude/rules/bomb.md")).toContain(`  - "${bomb}"\n`);
    const widened = `bomb: "${bomb}" stands for more than 256 globs, written as "src/**", which covers more files`;
    expect(result.warnings).toEqual([
      { target: "cursor", path: ".cursor/rules/bomb.mdc", doc_id: "bomb", message: widened },
      { target: "kiro", path: ".kiro/steering/bomb.md", doc_id: "bomb", message: widened },
    ]);
  });
});

describe("rendering each format", () => {
  it("writes Cursor rules with a description, one quoted comma string of globs with braces expanded, and always-on rules without globs", () => {
    const ctx = seeded();
    exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["cursor"] });
    const marker =
      "# archon:export-rules - generated from archon's approved knowledge; change the rule there, not here";
    expect(read(".cursor/rules/api-errors.mdc")).toBe(
      `---\n${marker}\ndescription: "API errors"\nglobs: "src/*.ts,src/*.tsx,src/api/**"\nalwaysApply: false\n---\nReturn typed errors.\n`,
    );
    expect(read(".cursor/rules/house-style.mdc")).toBe(
      `---\n${marker}\ndescription: "House style"\nalwaysApply: true\n---\nWrite short functions.\n`,
    );
  });

  it("uses each editor's own scoping keys", () => {
    const ctx = seeded();
    const result = exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: EXPORT_TARGETS });
    const perRule = (dir: string, ext: string) => [`${dir}/api-errors${ext}`, `${dir}/house-style${ext}`];
    expect(result.files.map((f) => f.path)).toEqual([
      ...perRule(".cursor/rules", ".mdc"),
      ...perRule(".claude/rules", ".md"),
      ...perRule(".github/instructions", ".instructions.md"),
      ...perRule(".windsurf/rules", ".md"),
      ...perRule(".clinerules", ".md"),
      ...perRule(".continue/rules", ".md"),
      ...perRule(".kiro/steering", ".md"),
      "GEMINI.md",
      "AGENTS.md",
    ]);
    expect(new Set(result.files.map((f) => f.action))).toEqual(new Set(["created"]));
    expect(read(".claude/rules/api-errors.md")).toContain('paths:\n  - "src/*.{ts,tsx}"\n  - "src/api/**"\n');
    expect(read(".claude/rules/house-style.md")).not.toContain("paths");
    expect(read(".github/instructions/api-errors.instructions.md")).toContain(
      'applyTo: "src/*.ts,src/*.tsx,src/api/**"',
    );
    expect(read(".github/instructions/house-style.instructions.md")).toContain('applyTo: "**"');
    expect(read(".windsurf/rules/api-errors.md")).toContain(
      'trigger: glob\ndescription: "API errors"\nglobs: "src/*.ts,src/*.tsx,src/api/**"',
    );
    expect(read(".windsurf/rules/house-style.md")).toContain("trigger: always_on");
    expect(read(".clinerules/api-errors.md")).toContain('paths:\n  - "src/*.{ts,tsx}"');
    expect(read(".continue/rules/house-style.md")).toContain(
      'name: "House style"\ndescription: "House style"\nalwaysApply: true',
    );
    expect(read(".kiro/steering/api-errors.md")).toContain(
      'inclusion: fileMatch\nfileMatchPattern: ["src/*.ts", "src/*.tsx", "src/api/**"]\n',
    );
    expect(read(".kiro/steering/house-style.md")).toContain("inclusion: always");
    expect(read("GEMINI.md")).toContain(
      "## API errors\n\nApplies to: `src/*.{ts,tsx}`, `src/api/**`.\n\nReturn typed errors.",
    );
    expect(read("AGENTS.md").startsWith("<!-- archon:rules:start -->\n")).toBe(true);
  });
  it("heads a section once when the rule opens with its own title, as rules imported from an AGENTS.md do", () => {
    const ctx = project.context("admin");
    seed(ctx, {
      documents: [
        doc("testing", {
          title: "Testing",
          patterns: ["**"],
          content: "## Testing\n\nEvery bug fix gets a test.",
        }),
        doc("naming", { title: "Naming", patterns: ["**"], content: "# Names\n\nUse full words." }),
      ],
    });
    exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["agents", "gemini"] });
    for (const file of ["AGENTS.md", "GEMINI.md"]) {
      expect(read(file)).toContain("## Naming\n\n# Names\n\nUse full words.");
      expect(read(file)).toContain("## Testing\n\nEvery bug fix gets a test.");
      expect(read(file).match(/## Testing/g)).toHaveLength(1);
    }
  });
});

describe("keeping exported files in step", () => {
  it("checks clean after an export", () => {
    const ctx = seeded();
    exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["cursor", "agents"] });
    const again = exportRules(
      { db: ctx.kdb.db, projectRoot: project.root },
      { targets: ["cursor", "agents"], check: true },
    );
    expect(again).toMatchObject({ drift: [], conflicts: [], warnings: [] });
    expect(again.files.map((f) => f.action)).toEqual(["unchanged", "unchanged", "unchanged"]);
  });

  it("removes files it wrote for rules that are gone, never a hand-written one, and --check reports the change first", () => {
    const ctx = seeded();
    exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["claude"] });
    project.write(".claude/rules/mine.md", "---\npaths: src/**\n---\nMy own rule.\n");
    project.write(".claude/rules/house-style.md", "Hand-written now.\n");
    ctx.kdb.db.prepare("UPDATE documents SET status = 'deprecated' WHERE doc_id = 'api-errors'").run();
    const check = exportRules(
      { db: ctx.kdb.db, projectRoot: project.root },
      { targets: ["claude"], check: true },
    );
    const conflict = {
      target: "claude",
      path: ".claude/rules/house-style.md",
      reason: "hand-written (no archon:export-rules marker); left untouched",
    } as const;
    expect(check).toMatchObject({
      check: true,
      rules: 1,
      drift: [".claude/rules/api-errors.md"],
      conflicts: [conflict],
    });
    expect(check.files).toEqual([
      { target: "claude", path: ".claude/rules/api-errors.md", action: "removed" },
      { ...conflict, action: "conflict" },
    ]);
    expect(read(".claude/rules/api-errors.md")).toContain("Return typed errors.");
    exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["claude"] });
    expect(() => read(".claude/rules/api-errors.md")).toThrow();
    expect(read(".claude/rules/house-style.md")).toBe("Hand-written now.\n");
    expect(read(".claude/rules/mine.md")).toBe("---\npaths: src/**\n---\nMy own rule.\n");
  });
});

describe("exporting twice", () => {
  it("changes nothing the second time: every file in the project hashes the same", () => {
    const ctx = monorepo(project, bigRules(40, ["**"]));
    project.write("GEMINI.md", "");
    const hashes = () => {
      const out: Record<string, string> = {};
      const walk = (rel: string) => {
        for (const entry of readdirSync(join(project.root, rel), { withFileTypes: true })) {
          const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
          if (entry.isDirectory()) walk(path);
          else if (!path.startsWith(".archon/archon.db"))
            out[path] = sha256(readFileSync(join(project.root, path)));
        }
      };
      walk("");
      return out;
    };
    const first = exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: EXPORT_TARGETS });
    expect(first.conflicts.map((c) => c.path)).toEqual(["AGENTS.md"]);
    const before = hashes();
    const second = exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: EXPORT_TARGETS });
    expect(hashes()).toEqual(before);
    expect(second.drift).toEqual([]);
    expect(new Set(second.files.map((f) => f.action))).toEqual(new Set(["unchanged", "conflict"]));
    expect(second.warnings).toEqual(first.warnings);
  });
});
