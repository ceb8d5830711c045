import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { listAdapterMeta, recordDeploy } from "../store/adapter-meta.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { type AdapterConfig, adapterConfig } from "./adapter-config.js";
import { adapterNotices } from "./adapter-meta.js";
import { deployAdapters } from "./deploy-adapters.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-notices-");
});
afterEach(() => project.cleanup());

const MCP = { kind: "mcp", prefix: "archon_" } as const;
const configAt = (version: string, env: NodeJS.ProcessEnv = {}) =>
  adapterConfig({ version, projectRoot: project.root, env });

function deployed(config: AdapterConfig) {
  const ctx = project.context("admin");
  deployAdapters(writeContext(ctx), { targets: ["codex", "cursor"], config });
  return ctx.kdb.db;
}

describe("adapter staleness notices", () => {
  it("say nothing when the running version renders exactly what was deployed", () => {
    const db = deployed(configAt("1.0.0"));
    expect(adapterNotices(db, project.root, "1.0.0", MCP, configAt("1.0.0"))).toEqual([]);
  });

  it("say nothing when an older archon deployed what this one still renders", () => {
    const db = deployed(configAt("0.0.9"));
    expect(adapterNotices(db, project.root, "1.0.0", MCP, configAt("1.0.0"))).toEqual([]);
  });

  it("name every file an older archon deployed differently, once per file, in path order", () => {
    const db = deployed({ ...configAt("0.0.9"), prefix: "kb_" });
    const stale = (path: string) =>
      `${path} was deployed by archon 0.0.9; run archon_deploy_adapters to refresh it.`;
    expect(adapterNotices(db, project.root, "1.0.0", MCP, configAt("1.0.0"))).toEqual([
      stale(".agents/skills/archon-bulk-import/SKILL.md"),
      stale(".agents/skills/archon-setup/SKILL.md"),
      stale(".agents/skills/archon-triage/SKILL.md"),
      stale(".cursor/rules/archon-process.mdc"),
      stale(".cursor/skills/archon-bulk-import/SKILL.md"),
      stale(".cursor/skills/archon-setup/SKILL.md"),
      stale(".cursor/skills/archon-triage/SKILL.md"),
      stale("AGENTS.md"),
    ]);
  });

  it("flag a deploy made with another tool prefix even at the same version", () => {
    const db = deployed(configAt("1.0.0", { ARCHON_TOOL_PREFIX: "kb_" }));
    const notices = adapterNotices(db, project.root, "1.0.0", MCP, configAt("1.0.0"));
    expect(notices).toHaveLength(8);
    expect(notices[0]).toBe(
      ".agents/skills/archon-bulk-import/SKILL.md no longer matches what archon 1.0.0 renders (the tool prefix or hook command changed); run archon_deploy_adapters to refresh it.",
    );
  });

  it("name a file deployed where this archon no longer puts it, such as Codex skills under .codex/", () => {
    const db = deployed(configAt("1.0.0"));
    // What an archon that put Codex skills under .codex/ recorded.
    const rows = listAdapterMeta(db).filter((r) => r.target === "codex");
    recordDeploy(
      db,
      ["codex"],
      rows.map((r) =>
        r.piece === "skill:archon-setup" ? { ...r, path: ".codex/skills/archon-setup/SKILL.md" } : r,
      ),
    );
    expect(adapterNotices(db, project.root, "1.0.0", MCP, configAt("1.0.0"))).toEqual([
      ".codex/skills/archon-setup/SKILL.md is not where archon 1.0.0 puts it (.agents/skills/archon-setup/SKILL.md); run archon_deploy_adapters to write it there.",
    ]);
  });

  it("say nothing before the first deploy", () => {
    const ctx = project.context("admin");
    expect(adapterNotices(ctx.kdb.db, project.root, "1.0.0", MCP)).toEqual([]);
  });

  it("read the metadata, not the files: a hand edit after deploy goes unnoticed", () => {
    const db = deployed(configAt("1.0.0"));
    project.write("AGENTS.md", "edited by hand\n");
    expect(adapterNotices(db, project.root, "1.0.0", MCP, configAt("1.0.0"))).toEqual([]);
  });
});
