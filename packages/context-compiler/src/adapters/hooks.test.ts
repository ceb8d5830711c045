import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../mcp/context.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { type AdapterConfig, ARCHON_BIN, adapterConfig } from "./adapter-config.js";
import { deployAdapters } from "./deploy-adapters.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-hooks-");
});
afterEach(() => project.cleanup());

const git = (...args: string[]) => spawnSync("git", args, { cwd: project.root, encoding: "utf8" });
const read = (rel: string) => readFileSync(join(project.root, rel), "utf8");

function deployClaude(
  config: AdapterConfig = adapterConfig({ version: "1.0.0", projectRoot: project.root, env: {} }),
) {
  const ctx = project.context("admin");
  return deployAdapters(writeContext(ctx), { targets: ["claude"], config });
}

describe("the hook command", () => {
  it("runs this package's bin with the project root, forward slashes, no shell syntax", () => {
    const config = adapterConfig({ version: "1.0.0", projectRoot: project.root, env: {} });
    expect(config.command).toBe(`node ${ARCHON_BIN} --project-root ${project.root}`);
  });

  it("passes a database outside the default place, and quotes paths with spaces", () => {
    const config = adapterConfig({
      version: "1.0.0",
      projectRoot: "/work/my project",
      dbPath: "/work/my project/data/k.db",
      env: {},
    });
    expect(config.command).toBe(`node ${ARCHON_BIN} --project-root "/work/my project" --db data/k.db`);
  });

  it("is replaced whole by ARCHON_HOOK_COMMAND, which must mention archon", () => {
    const env = { ARCHON_HOOK_COMMAND: "archon --project-root /p" };
    expect(adapterConfig({ version: "1", projectRoot: "/p", env }).command).toBe("archon --project-root /p");
    expect(() =>
      adapterConfig({ version: "1", projectRoot: "/p", env: { ARCHON_HOOK_COMMAND: "x" } }),
    ).toThrow(/must mention archon/);
  });
});

describe("Claude Code settings", () => {
  it("adds archon's entries beside the user's hooks and settings, keeping their order and values", () => {
    const user = {
      model: "opus",
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./check.sh" }] }],
        SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command: "echo hi" }] }],
      },
      permissions: { allow: ["Read"] },
    };
    project.write(".claude/settings.json", JSON.stringify(user));
    const command = adapterConfig({ version: "1.0.0", projectRoot: project.root, env: {} }).command;
    deployClaude();
    const settings = JSON.parse(read(".claude/settings.json"));
    expect(Object.keys(settings)).toEqual(["model", "hooks", "permissions"]);
    expect(settings).toEqual({
      model: "opus",
      hooks: {
        PreToolUse: user.hooks.PreToolUse,
        SessionStart: [
          ...user.hooks.SessionStart,
          { matcher: "", hooks: [{ type: "command", command: `${command} sync-rules --hook` }] },
        ],
        UserPromptSubmit: [{ hooks: [{ type: "command", command: `${command} sync-rules --hook` }] }],
      },
      permissions: { allow: ["Read"] },
    });
  });

  it("replaces its own entries in place on a later deploy and adds the optional hooks once they exist", () => {
    deployClaude();
    const base = adapterConfig({ version: "1.0.1", projectRoot: project.root, env: {} });
    deployClaude({ ...base, optionalHooks: { reindexSymbols: true, verifyCache: true } });
    const hooks = JSON.parse(read(".claude/settings.json")).hooks;
    const commands = (event: string) =>
      hooks[event].flatMap((g: { hooks: { command: string }[] }) =>
        g.hooks.map((h) => h.command.split(" ").slice(-2)),
      );
    expect(commands("SessionStart")).toEqual([
      ["sync-rules", "--hook"],
      ["reindex-symbols", "--hook"],
    ]);
    expect(commands("UserPromptSubmit")).toEqual([["sync-rules", "--hook"]]);
    expect(commands("PreCompact")).toEqual([["verify-cache", "--hook"]]);
  });

  it("refuses settings that are not JSON, changing nothing", () => {
    project.write(".claude/settings.json", "{ nope");
    expect(() => deployClaude()).toThrow(/\.claude\/settings\.json is not valid JSON/);
    expect(read(".claude/settings.json")).toBe("{ nope");
  });
});

describe("git hooks", () => {
  it("are skipped with a note outside a git repository", () => {
    const result = deployClaude();
    expect(result.files.filter((f) => f.piece.startsWith("git-hook"))).toEqual([
      {
        target: "claude",
        piece: "git-hook:pre-commit",
        path: ".git/hooks/pre-commit",
        action: "skipped",
        reason: "not a git repository",
      },
      {
        target: "claude",
        piece: "git-hook:post-merge",
        path: ".git/hooks/post-merge",
        action: "skipped",
        reason: "not a git repository",
      },
    ]);
  });

  it("append a block to the user's script without touching the rest", () => {
    git("init", "-q");
    project.write(".git/hooks/pre-commit", "#!/bin/bash\nnpm run lint\n");
    deployClaude();
    const script = read(".git/hooks/pre-commit");
    expect(script.startsWith("#!/bin/bash\nnpm run lint\n\n# archon:start\n")).toBe(true);
    expect(script.endsWith("# archon:end\n")).toBe(true);
    expect(statSync(join(project.root, ".git/hooks/pre-commit")).mode & 0o111).not.toBe(0);
  });

  it("leave a hook written for another interpreter alone, as a conflict", () => {
    git("init", "-q");
    project.write(".git/hooks/post-merge", "#!/usr/bin/env node\nconsole.log(1)\n");
    const result = deployClaude();
    expect(result.files.find((f) => f.piece === "git-hook:post-merge")).toEqual({
      target: "claude",
      piece: "git-hook:post-merge",
      path: ".git/hooks/post-merge",
      action: "conflict",
      reason:
        '.git/hooks/post-merge runs "/usr/bin/env node", not a POSIX shell; add the archon command to it yourself',
    });
    expect(read(".git/hooks/post-merge")).toBe("#!/usr/bin/env node\nconsole.log(1)\n");
  });

  it("fail open: a commit succeeds even when the archon command fails", () => {
    git("init", "-q");
    const base = adapterConfig({ version: "1.0.0", projectRoot: project.root, env: {} });
    deployClaude({ ...base, command: "archon-command-that-does-not-exist --project-root /nowhere" });
    project.write("a.txt", "a\n");
    git("add", "a.txt");
    const commit = git("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "first");
    expect(commit.status).toBe(0);
    expect(commit.stderr).toContain("archon: sync-rules failed; continuing without it");
    expect(git("log", "--oneline").stdout).toMatch(/first/);
  });
});
