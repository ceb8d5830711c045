import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { sha256, UserError } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { listAdapterMeta } from "../store/adapter-meta.js";
import { readVersion } from "../store/version.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { adapterConfig } from "./adapter-config.js";
import { deployAdapters } from "./deploy-adapters.js";
import { TARGETS } from "./render-targets.js";
import { SUBAGENT_NAMES } from "./subagents.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-deploy-");
  // The project installed archon, so the Claude Code hooks go to the committed settings.
  project.write("node_modules/.bin/archon", "#!/bin/sh\n");
});
afterEach(() => project.cleanup());

const git = (...args: string[]) => spawnSync("git", args, { cwd: project.root, encoding: "utf8" });
const config = () => adapterConfig({ version: "1.2.3", projectRoot: project.root, env: {} });
const read = (rel: string) => readFileSync(join(project.root, rel), "utf8");

function deploy(options: { targets?: readonly (typeof TARGETS)[number][]; dry_run?: boolean } = {}) {
  const ctx = project.context("admin");
  const result = deployAdapters(writeContext(ctx), {
    targets: options.targets ?? TARGETS,
    dry_run: options.dry_run,
    config: config(),
  });
  return { result, meta: listAdapterMeta(ctx.kdb.db) };
}

const ALL_PATHS = [
  ["claude", "claude-md", "CLAUDE.md"],
  ["claude", "skill:archon-setup", ".claude/skills/archon-setup/SKILL.md"],
  ["claude", "skill:archon-bulk-import", ".claude/skills/archon-bulk-import/SKILL.md"],
  ["claude", "skill:archon-triage", ".claude/skills/archon-triage/SKILL.md"],
  ...SUBAGENT_NAMES.map((name) => ["claude", `subagent:${name}`, `.claude/agents/${name}.md`] as const),
  ["claude", "claude-settings-hooks", ".claude/settings.json"],
  ["claude", "git-hook:pre-commit", ".git/hooks/pre-commit"],
  ["claude", "git-hook:post-merge", ".git/hooks/post-merge"],
  ["cursor", "cursor-process-rule", ".cursor/rules/archon-process.mdc"],
  ["cursor", "skill:archon-setup", ".cursor/skills/archon-setup/SKILL.md"],
  ["cursor", "skill:archon-bulk-import", ".cursor/skills/archon-bulk-import/SKILL.md"],
  ["cursor", "skill:archon-triage", ".cursor/skills/archon-triage/SKILL.md"],
  ["cursor", "cursor-hooks", ".cursor/hooks.json"],
  ["codex", "agents-md", "AGENTS.md"],
  ["codex", "skill:archon-setup", ".agents/skills/archon-setup/SKILL.md"],
  ["codex", "skill:archon-bulk-import", ".agents/skills/archon-bulk-import/SKILL.md"],
  ["codex", "skill:archon-triage", ".agents/skills/archon-triage/SKILL.md"],
  ["codex", "codex-hooks", ".codex/hooks.json"],
  ["gemini", "gemini-md", "GEMINI.md"],
  ["gemini", "skill:archon-setup", ".gemini/skills/archon-setup/SKILL.md"],
  ["gemini", "skill:archon-bulk-import", ".gemini/skills/archon-bulk-import/SKILL.md"],
  ["gemini", "skill:archon-triage", ".gemini/skills/archon-triage/SKILL.md"],
  ["gemini", "command:archon/context", ".gemini/commands/archon/context.toml"],
  ["gemini", "command:archon/verify", ".gemini/commands/archon/verify.toml"],
  ["gemini", "gemini-settings-hooks", ".gemini/settings.json"],
] as const;

const outcomes = (action: string) =>
  ALL_PATHS.map(([target, piece, path]) => ({ target, piece, path, action }));

describe("deploying into a fresh git repository", () => {
  it("creates every file of every target and records each piece", () => {
    git("init", "-q");
    const { result, meta } = deploy();
    expect(result).toEqual({
      dry_run: false,
      archon_version: "1.2.3",
      targets: ["claude", "cursor", "codex", "gemini"],
      files: outcomes("created"),
      conflicts: 0,
      written: ALL_PATHS.length,
    });
    expect(meta.map((m) => [m.target, m.piece, m.path, m.archon_version])).toEqual(
      [...ALL_PATHS]
        .sort((a, b) => (`${a[0]} ${a[1]}` < `${b[0]} ${b[1]}` ? -1 : 1))
        .map((p) => [...p, "1.2.3"]),
    );
    expect(read("CLAUDE.md")).toMatch(/^<!-- archon:start -->\n## Archon: compile/);
    expect(read("CLAUDE.md")).toContain("You MUST call `archon_compile_context` with `target_files`");
    expect(read("AGENTS.md")).toBe(read("CLAUDE.md"));
    expect(read("GEMINI.md")).toBe(read("CLAUDE.md"));
    expect(read(".cursor/rules/archon-process.mdc")).toMatch(
      /^---\ndescription: .+\nalwaysApply: true\n---\n<!-- archon:managed -->\n/,
    );
    expect(statSync(join(project.root, ".git/hooks/pre-commit")).mode & 0o111).not.toBe(0);
  });

  it("writes the skills with the marker after the frontmatter and links pointing at the deployed siblings", () => {
    git("init", "-q");
    deploy({ targets: ["codex"] });
    const skill = read(".agents/skills/archon-setup/SKILL.md");
    expect(skill).toMatch(
      /^---\nname: archon-setup\ndescription: .+\n---\n<!-- archon:managed-skill -->\n\n# /,
    );
    expect(skill).toContain("[archon-bulk-import](../archon-bulk-import/SKILL.md)");
    expect(skill).toContain("`archon_import_doc`");
    expect(skill).not.toContain("{{prefix}}");
  });
});

describe("deploying twice", () => {
  it("leaves every file unchanged and writes nothing the second time", () => {
    git("init", "-q");
    deploy();
    const before = ALL_PATHS.map(([, , path]) => {
      const stat = statSync(join(project.root, path));
      return [path, stat.mtimeMs, sha256(read(path))];
    });
    const { result, meta } = deploy();
    expect(result.files).toEqual(outcomes("unchanged"));
    expect(result.written).toBe(0);
    const after = ALL_PATHS.map(([, , path]) => [
      path,
      statSync(join(project.root, path)).mtimeMs,
      sha256(read(path)),
    ]);
    expect(after).toEqual(before);
    expect(meta).toHaveLength(ALL_PATHS.length);
  });
});

describe("CLAUDE.md and AGENTS.md the user already wrote", () => {
  it("appends the block after a blank line and keeps the user's text byte for byte", () => {
    project.write("CLAUDE.md", "# My project\r\n\r\nUse tabs.\r\n");
    deploy({ targets: ["claude"] });
    const text = read("CLAUDE.md");
    expect(text.startsWith("# My project\r\n\r\nUse tabs.\r\n\r\n<!-- archon:start -->\r\n")).toBe(true);
    expect(text.endsWith("<!-- archon:end -->\r\n")).toBe(true);
  });

  it("replaces only the text between the markers", () => {
    project.write("AGENTS.md", "Before.\n<!-- archon:start -->\nold rules\n<!-- archon:end -->\nAfter.\n");
    const { result } = deploy({ targets: ["codex"] });
    expect(result.files[0]).toEqual({
      target: "codex",
      piece: "agents-md",
      path: "AGENTS.md",
      action: "updated",
    });
    const text = read("AGENTS.md");
    expect(text.startsWith("Before.\n<!-- archon:start -->\n## Archon")).toBe(true);
    expect(text.endsWith("<!-- archon:end -->\nAfter.\n")).toBe(true);
    expect(text).not.toContain("old rules");
  });

  it("refuses a file with a lone marker, naming it, and writes nothing at all", () => {
    project.write("CLAUDE.md", "Mine.\n<!-- archon:start -->\nhalf a block\n");
    const run = () => deploy();
    expect(run).toThrow(UserError);
    expect(run).toThrow(/CLAUDE\.md has "<!-- archon:start -->" without "<!-- archon:end -->"/);
    expect(read("CLAUDE.md")).toBe("Mine.\n<!-- archon:start -->\nhalf a block\n");
    const ctx = project.context("admin");
    expect(listAdapterMeta(ctx.kdb.db)).toEqual([]);
    expect(readVersion(ctx.kdb.db)).toBe(0);
    expect(() => read("AGENTS.md")).toThrow();
  });

  it("refuses two start markers", () => {
    project.write("AGENTS.md", "<!-- archon:start -->\n<!-- archon:start -->\n<!-- archon:end -->\n");
    expect(() => deploy({ targets: ["codex"] })).toThrow(/AGENTS\.md has 2 "<!-- archon:start -->" markers/);
  });
});

describe("files archon owns but finds hand-written", () => {
  it("reports the Cursor rule and a skill as conflicts, leaves them alone and deploys the rest", () => {
    project.write(".cursor/rules/archon-process.mdc", "my own rule\n");
    project.write(".cursor/skills/archon-triage/SKILL.md", "my own skill\n");
    const { result, meta } = deploy({ targets: ["cursor"] });
    expect(result.files).toEqual([
      {
        target: "cursor",
        piece: "cursor-process-rule",
        path: ".cursor/rules/archon-process.mdc",
        action: "conflict",
        reason: "hand-written (no <!-- archon:managed -->); left untouched",
      },
      {
        target: "cursor",
        piece: "skill:archon-setup",
        path: ".cursor/skills/archon-setup/SKILL.md",
        action: "created",
      },
      {
        target: "cursor",
        piece: "skill:archon-bulk-import",
        path: ".cursor/skills/archon-bulk-import/SKILL.md",
        action: "created",
      },
      {
        target: "cursor",
        piece: "skill:archon-triage",
        path: ".cursor/skills/archon-triage/SKILL.md",
        action: "conflict",
        reason: "hand-written (no <!-- archon:managed-skill -->); left untouched",
      },
      { target: "cursor", piece: "cursor-hooks", path: ".cursor/hooks.json", action: "created" },
    ]);
    expect(result.conflicts).toBe(2);
    expect(read(".cursor/rules/archon-process.mdc")).toBe("my own rule\n");
    expect(read(".cursor/skills/archon-triage/SKILL.md")).toBe("my own skill\n");
    expect(meta.map((m) => m.piece)).toEqual([
      "cursor-hooks",
      "skill:archon-bulk-import",
      "skill:archon-setup",
    ]);
  });
});

describe("a dry run", () => {
  it("reports what would change and writes no file and no metadata", () => {
    git("init", "-q");
    const { result, meta } = deploy({ dry_run: true });
    expect(result).toMatchObject({ dry_run: true, written: 0, files: outcomes("created") });
    expect(meta).toEqual([]);
    expect(() => read("CLAUDE.md")).toThrow();
    expect(() => read(".claude/settings.json")).toThrow();
  });
});

describe("the agent surface", () => {
  it("is refused", () => {
    const ctx = project.context("agent");
    expect(() => deployAdapters(writeContext(ctx), { targets: ["claude"], config: config() })).toThrow(
      /deploy_adapters is refused on the agent surface/,
    );
  });
});
