import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { writeContext } from "../context/archon-context.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { MANAGED_FILE_MARKER } from "../vocabulary/markers.js";
import { type AdapterConfig, adapterConfig } from "./adapter-config.js";
import { deployAdapters } from "./deploy-adapters.js";
import { renderTarget } from "./render-targets.js";
import { loadSkillSources } from "./skills.js";
import { loadSubagentSources, SUBAGENT_NAMES, subagentPath } from "./subagents.js";

let project: TestProject | undefined;
afterEach(() => project?.cleanup());

const config = (root: string): AdapterConfig =>
  adapterConfig({ version: "0.1.0", projectRoot: root, dbPath: join(root, ".archon", "archon.db") });

const frontmatter = (text: string) =>
  parse(/^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? "") as Record<string, unknown>;

describe("Archon's Claude Code subagents", () => {
  // A pinned model (opus, sonnet, haiku) is one a person's plan or provider may not offer; inherit runs
  // each subagent on the model the person's own session already uses.
  it("are Claude Code agent files: frontmatter with a name matching the file, a description and the session's own model (inherit), then the marker and a prompt", () => {
    const root = mkdtempSync(join(tmpdir(), "archon-agents-"));
    try {
      const pieces = renderTarget("claude", config(root), loadSkillSources()).filter((p) =>
        p.piece.startsWith("subagent:"),
      );
      expect(pieces.map((p) => p.path)).toEqual(SUBAGENT_NAMES.map(subagentPath));
      for (const piece of pieces) {
        const meta = frontmatter(piece.content);
        expect(Object.keys(meta).filter((k) => !["tools"].includes(k))).toEqual([
          "name",
          "description",
          "model",
        ]);
        expect(piece.path).toBe(`.claude/agents/${meta.name}.md`);
        expect(String(meta.name)).toMatch(/^[a-z][a-z-]+$/);
        expect({ name: meta.name, model: meta.model }).toEqual({ name: meta.name, model: "inherit" });
        const body = piece.content.slice(piece.content.indexOf("\n---\n") + 5);
        expect(body.startsWith(`${MANAGED_FILE_MARKER}\n\n`)).toBe(true);
        expect(body.length).toBeGreaterThan(200);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("ships one source per name", () => {
    expect(Object.keys(loadSubagentSources())).toEqual([...SUBAGENT_NAMES]);
  });
});

describe("deploying the subagents", () => {
  it("installs them, updates its own, and leaves a hand-written agent of the same name untouched", () => {
    project = tempProject();
    const ctx = project.context();
    const own = join(project.root, subagentPath("archon-dba"));
    project.write(
      subagentPath("archon-engineer"),
      "---\nname: archon-engineer\ndescription: mine\n---\nMy own.\n",
    );
    const first = deployAdapters(writeContext(ctx), { targets: ["claude"], config: config(project.root) });
    const outcome = (name: string) => first.files.find((f) => f.piece === `subagent:${name}`)?.action;
    expect(outcome("archon-engineer")).toBe("conflict");
    expect(outcome("archon-dba")).toBe("created");
    expect(readFileSync(join(project.root, subagentPath("archon-engineer")), "utf8")).toBe(
      "---\nname: archon-engineer\ndescription: mine\n---\nMy own.\n",
    );
    writeFileSync(own, `${readFileSync(own, "utf8")}\nA line added by hand.\n`);
    const second = deployAdapters(writeContext(ctx), { targets: ["claude"], config: config(project.root) });
    expect(second.files.find((f) => f.piece === "subagent:archon-dba")?.action).toBe("updated");
    expect(existsSync(own)).toBe(true);
  });
});
