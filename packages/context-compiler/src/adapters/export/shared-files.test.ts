import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../../context/archon-context.js";
import { monorepo, USER_AGENTS_MD } from "../../test-support/monorepo-project.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { MARKDOWN_BLOCK } from "../../vocabulary/markers.js";
import { adapterConfig } from "../adapter-config.js";
import { deployAdapters } from "../deploy-adapters.js";
import { hasBlock, upsertBlock } from "../markers.js";
import { exportRules } from "./export-rules.js";
import { handWritten } from "./shared-files.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-export-shared-");
});
afterEach(() => project.cleanup());

const read = (rel: string) => readFileSync(join(project.root, rel), "utf8");
const markerLines = (text: string, marker: string) =>
  text.split("\n").filter((l) => l.trim() === marker).length;

function deploy(ctx: ReturnType<TestProject["context"]>) {
  return deployAdapters(writeContext(ctx), {
    targets: ["codex"],
    config: adapterConfig({ version: "1.2.3", projectRoot: project.root, env: {} }),
  });
}

describe("export never writes into a shared file someone else wrote", () => {
  it("leaves a hand-written AGENTS.md and GEMINI.md byte for byte and reports each as a conflict pointing at archon migrate", () => {
    const ctx = monorepo(project);
    project.write("GEMINI.md", "# Gemini notes\n\nAnswer in English.\n");
    const result = exportRules(
      { db: ctx.kdb.db, projectRoot: project.root },
      { targets: ["gemini", "agents"] },
    );
    expect(read("AGENTS.md")).toBe(USER_AGENTS_MD);
    expect(read("GEMINI.md")).toBe("# Gemini notes\n\nAnswer in English.\n");
    expect(result.conflicts).toEqual([
      { target: "gemini", path: "GEMINI.md", reason: handWritten("GEMINI.md") },
      { target: "agents", path: "AGENTS.md", reason: handWritten("AGENTS.md") },
    ]);
    expect(handWritten("AGENTS.md")).toBe(
      "AGENTS.md holds text archon did not write, so export leaves it alone and never appends to it; run archon migrate to move its rules into archon, then export again",
    );
    // The folder files are archon's own, so they are still written; nothing points at a moved-out text.
    expect(result.files.filter((f) => f.action === "created").map((f) => f.path)).toEqual([
      "apps/api/AGENTS.md",
      "apps/web/AGENTS.md",
    ]);
  });

  it("refuses a file holding a stray line beside archon's blocks, even a single word", () => {
    const ctx = monorepo(project, [], null);
    exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["agents"] });
    const written = read("AGENTS.md");
    project.write("AGENTS.md", `${written}\nnote\n`);
    const again = exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["agents"] });
    expect(again.conflicts.map((c) => c.path)).toEqual(["AGENTS.md"]);
    expect(read("AGENTS.md")).toBe(`${written}\nnote\n`);
  });
});

describe("export beside deploy-adapters' process block", () => {
  it("adds its block after the process block, never a second archon:start, and deploy and upsertBlock still work on the file", () => {
    const ctx = project.context("admin");
    seed(ctx, {
      documents: [
        // What an import of an AGENTS.md that held deploy-adapters' block left in a rule body.
        doc("imported", {
          title: "Imported instructions",
          patterns: ["**"],
          content: "Keep commits small.\n\n<!-- archon:start -->\nCall archon first.\n<!-- archon:end -->\n",
        }),
      ],
    });
    deploy(ctx);
    const processOnly = read("AGENTS.md");
    const first = exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["agents"] });
    expect(first.files).toEqual([{ target: "agents", path: "AGENTS.md", action: "updated" }]);
    const exported = read("AGENTS.md");
    expect(exported.startsWith(processOnly.replace(/\n+$/, ""))).toBe(true);
    expect(markerLines(exported, MARKDOWN_BLOCK.start)).toBe(1);
    expect(markerLines(exported, MARKDOWN_BLOCK.end)).toBe(1);
    expect(exported).toContain(
      "Keep commits small.\n\n`<!-- archon:start -->`\nCall archon first.\n`<!-- archon:end -->`\n",
    );
    expect(hasBlock("AGENTS.md", exported, MARKDOWN_BLOCK)).toBe(true);
    expect(() =>
      upsertBlock("AGENTS.md", exported, "<!-- archon:start -->\nnew\n<!-- archon:end -->", MARKDOWN_BLOCK),
    ).not.toThrow();

    const redeployed = deploy(ctx);
    expect(redeployed.files.find((f) => f.path === "AGENTS.md")?.action).toBe("unchanged");
    expect(exportRules({ db: ctx.kdb.db, projectRoot: project.root }, { targets: ["agents"] }).files).toEqual(
      [{ target: "agents", path: "AGENTS.md", action: "unchanged" }],
    );
  });
});
