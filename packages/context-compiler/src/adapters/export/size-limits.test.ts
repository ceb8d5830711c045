import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bigRules, monorepo, USER_AGENTS_MD } from "../../test-support/monorepo-project.js";
import { doc, type TestProject, tempProject } from "../../test-support/project.js";
import { ownedFile } from "../../vocabulary/export-marker.js";
import { exportRules } from "./export-rules.js";
import {
  byteLength,
  CODEX_PROJECT_DOC_MAX_BYTES,
  charLength,
  WINDSURF_RULE_MAX_CHARS,
} from "./size-limits.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-export-limits-");
});
afterEach(() => project.cleanup());

const read = (rel: string) => readFileSync(join(project.root, rel), "utf8");
const bytes = (rel: string) => byteLength(read(rel));
const CODEX = "Codex's 32 KiB default for AGENTS.md files read together (project_doc_max_bytes)";
/** big-40 is the largest, big-01 the smallest. */
const largestFirst = Array.from({ length: 40 }, (_, i) => `big-${String(40 - i).padStart(2, "0")}`);

describe("Codex reads at most 32 KiB of AGENTS.md", () => {
  it("moves the largest rule texts out of a root AGENTS.md that would pass it, and warns for each", () => {
    const ctx = monorepo(project, bigRules(40, ["**"]), null);
    const result = exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["agents"] });
    const moved = result.warnings.map((w) => w.doc_id);
    expect(moved.length).toBeGreaterThan(0);
    expect(moved).toEqual(largestFirst.slice(0, moved.length));
    expect(result.warnings[0]).toEqual({
      target: "agents",
      path: "AGENTS.md",
      doc_id: "big-40",
      message: `moved the text of big-40 to .archon/rules/agents/big-40.md: AGENTS.md would pass ${CODEX}`,
    });
    expect(bytes("AGENTS.md")).toBeLessThanOrEqual(CODEX_PROJECT_DOC_MAX_BYTES);
    expect(read("AGENTS.md")).toContain(
      `## Big rule 40\n\nThe text of this rule is in \`.archon/rules/agents/big-40.md\` (moved out to stay within ${CODEX}); read it before changing the files it applies to.\n\n## House style`,
    );
    const big40 = bigRules(40, ["**"])[39]?.content as string;
    expect(read(".archon/rules/agents/big-40.md")).toBe(ownedFile(['description: "Big rule 40"'], big40));
    // The rules that stayed are whole.
    const kept = largestFirst.filter((id) => !moved.includes(id));
    expect(kept.length).toBeGreaterThan(0);
    for (const id of kept) expect(read("AGENTS.md")).toContain(`Rule ${id.slice(4)} says`);
  });

  it("counts the AGENTS.md files above a nested one, hand-written ones included", () => {
    const root = `${USER_AGENTS_MD}\n${"Keep the build green.\n".repeat(500)}`;
    const ctx = monorepo(project, bigRules(30, ["apps/web/**"]), root);
    const result = exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["agents"] });
    expect(read("AGENTS.md")).toBe(root);
    expect(byteLength(root) + bytes("apps/web/AGENTS.md")).toBeLessThanOrEqual(CODEX_PROJECT_DOC_MAX_BYTES);
    expect(new Set(result.warnings.map((w) => w.path))).toEqual(new Set(["apps/web/AGENTS.md"]));
    expect(result.warnings.length).toBeGreaterThan(0);
  });

  it("says so when a file still passes the limit with every rule text moved out", () => {
    const root = "Keep the build green.\n".repeat(1500);
    const ctx = monorepo(project, bigRules(2, ["apps/web/**"]), root);
    const result = exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["agents"] });
    const web = result.warnings.filter((w) => w.path === "apps/web/AGENTS.md");
    expect(web.at(-1)).toEqual({
      target: "agents",
      path: "apps/web/AGENTS.md",
      message: `apps/web/AGENTS.md with the AGENTS.md files above it is ${byteLength(root) + bytes("apps/web/AGENTS.md")} bytes even with every rule text moved out, past ${CODEX}; shorten the files above it or raise project_doc_max_bytes in the Codex config`,
    });
    expect(web.slice(0, -1).map((w) => w.doc_id)).toEqual([
      "big-02",
      "big-01",
      "web-components",
      "web-typescript",
    ]);
  });
  it("moves texts out of the files above a nested one when the nested one's own are not enough", () => {
    // The root's rules fit on their own; with the web app's rules below them the chain would not.
    const web = Array.from({ length: 8 }, (_, i) =>
      doc(`web-${i + 1}`, {
        title: `Web rule ${i + 1}`,
        patterns: ["apps/web/**"],
        content: `Web rule ${i + 1}: ${"keep pages thin and data loading in the server component. ".repeat(18)}`,
      }),
    );
    const ctx = monorepo(project, [...bigRules(30, ["**"]), ...web], null);
    const result = exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["agents"] });
    expect(bytes("AGENTS.md") + bytes("apps/web/AGENTS.md")).toBeLessThanOrEqual(CODEX_PROJECT_DOC_MAX_BYTES);
    const moved = result.warnings.map((w) => [w.path, w.doc_id]);
    // The web file's own texts go first, then the root's largest, all said for the file whose chain passed.
    const own = [...web.map((w) => w.doc_id), "web-components", "web-typescript"];
    expect(moved.every(([path]) => path === "apps/web/AGENTS.md")).toBe(true);
    expect(new Set(moved.slice(0, own.length).map(([, id]) => id))).toEqual(new Set(own));
    const fromRoot = moved.slice(own.length).map(([, id]) => id);
    expect(fromRoot.length).toBeGreaterThan(0);
    expect(fromRoot).toEqual(largestFirst.slice(40 - 30, 40 - 30 + fromRoot.length));
    expect(read("AGENTS.md")).toContain("The text of this rule is in `.archon/rules/agents/big-30.md`");
    expect(result.warnings.some((w) => w.message.includes("even with every rule text moved out"))).toBe(
      false,
    );
  });
});

describe("Windsurf reads at most 12,000 characters of a rule file", () => {
  it("points a rule file that would pass the limit at the rule's text and warns", () => {
    const content = "Ünïcode counts as one character each. ".repeat(330);
    const ctx = monorepo(project, [doc("huge", { title: "Huge", patterns: ["apps/web/**"], content })], null);
    const result = exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["windsurf"] });
    const limit = "Windsurf's 12,000-character limit for a rule file";
    expect(result.warnings).toEqual([
      {
        target: "windsurf",
        path: ".windsurf/rules/huge.md",
        doc_id: "huge",
        message: `moved the text of huge to .archon/rules/windsurf/huge.md: .windsurf/rules/huge.md would pass ${limit}`,
      },
    ]);
    expect(read(".windsurf/rules/huge.md")).toBe(
      ownedFile(
        ["trigger: glob", 'description: "Huge"', 'globs: "apps/web/**"'],
        `The text of this rule is in \`.archon/rules/windsurf/huge.md\` (moved out to stay within ${limit}); read it before changing the files it applies to.`,
      ),
    );
    expect(read(".archon/rules/windsurf/huge.md")).toBe(ownedFile(['description: "Huge"'], content));
    for (const f of result.files.filter((f) => f.path.startsWith(".windsurf/")))
      expect(charLength(read(f.path))).toBeLessThanOrEqual(WINDSURF_RULE_MAX_CHARS);
  });
});
