import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { renderRulesFile } from "../knowledge/standing-rules/rules-file.js";
import { personEnv } from "../test-support/person-env.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { type AdapterConfig, adapterConfig } from "./adapter-config.js";
import { isManagedHandler, mergeClaudeHooks } from "./claude-hooks.js";
import { deployAdapters } from "./deploy-adapters.js";
import { ARCHON_BIN } from "./launcher.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-hooks-");
});
afterEach(() => project.cleanup());

/** Git as a person runs it: the hooks a commit starts see no coding agent's variables. */
const git = (...args: string[]) =>
  spawnSync("git", args, { cwd: project.root, encoding: "utf8", env: personEnv() });
const read = (rel: string) => readFileSync(join(project.root, rel), "utf8");

function deployClaude(
  config: AdapterConfig = adapterConfig({ version: "1.0.0", projectRoot: project.root, env: {} }),
) {
  const ctx = project.context("admin");
  return deployAdapters(writeContext(ctx), { targets: ["claude"], config });
}

describe("the hook command", () => {
  it("runs this checkout's bin with the root the hook finds at run time, no machine folder for the root", () => {
    const config = adapterConfig({ version: "1.0.0", projectRoot: project.root, env: {} });
    expect(config.commands).toEqual({
      claude: `node ${ARCHON_BIN} --project-root "$CLAUDE_PROJECT_DIR"`,
      git: `node ${ARCHON_BIN} --project-root "$(git rev-parse --show-toplevel)"`,
      // Codex's and Cursor's read hook finds the project from its input.
      agents: `node ${ARCHON_BIN}`,
      // Gemini CLI puts the folder in itself, quoted for its shell.
      gemini: `node ${ARCHON_BIN} --project-root $GEMINI_PROJECT_DIR`,
    });
  });

  it("passes a database outside the default place", () => {
    const config = adapterConfig({
      version: "1.0.0",
      projectRoot: project.root,
      dbPath: join(project.root, "data/k.db"),
      env: {},
    });
    expect(config.commands.claude).toBe(
      `node ${ARCHON_BIN} --project-root "$CLAUDE_PROJECT_DIR" --db data/k.db`,
    );
  });

  it("is replaced whole by ARCHON_HOOK_COMMAND, which must mention archon", () => {
    const env = { ARCHON_HOOK_COMMAND: "archon --project-root /p" };
    expect(adapterConfig({ version: "1", projectRoot: project.root, env }).commands).toEqual({
      claude: "archon --project-root /p",
      git: "archon --project-root /p",
      agents: "archon --project-root /p",
      gemini: "archon --project-root /p",
    });
    expect(() =>
      adapterConfig({ version: "1", projectRoot: project.root, env: { ARCHON_HOOK_COMMAND: "x" } }),
    ).toThrow(/must mention archon/);
  });
});

describe("Claude Code settings in a project that installed archon", () => {
  beforeEach(() => project.write("node_modules/.bin/archon", "#!/bin/sh\n"));

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
    const command = adapterConfig({ version: "1.0.0", projectRoot: project.root, env: {} }).commands.claude;
    expect(command).toBe(
      'npx --no-install --prefix "$CLAUDE_PROJECT_DIR" archon --project-root "$CLAUDE_PROJECT_DIR"',
    );
    deployClaude();
    const settings = JSON.parse(read(".claude/settings.json"));
    expect(Object.keys(settings)).toEqual(["model", "hooks", "permissions"]);
    expect(settings).toEqual({
      model: "opus",
      hooks: {
        PreToolUse: user.hooks.PreToolUse,
        SessionStart: [
          ...user.hooks.SessionStart,
          {
            matcher: "",
            hooks: [
              { type: "command", command: `${command} sync-rules --hook` },
              { type: "command", command: `${command} reindex-symbols --hook` },
              { type: "command", command: `${command} verify-cache --hook` },
            ],
          },
        ],
        UserPromptSubmit: [{ hooks: [{ type: "command", command: `${command} sync-rules --hook` }] }],
        PostToolUse: [
          {
            matcher: "mcp__archon__archon_observe",
            hooks: [{ type: "command", command: `${command} sync-rules --hook` }],
          },
          { matcher: "Read|Bash", hooks: [{ type: "command", command: `${command} record-read --hook` }] },
        ],
        PreCompact: [
          { matcher: "", hooks: [{ type: "command", command: `${command} verify-cache --hook` }] },
        ],
      },
      permissions: { allow: ["Read"] },
    });
  });

  it("replaces its own entries in place on a later deploy and adds the optional hooks once they exist", () => {
    const base = adapterConfig({ version: "1.0.1", projectRoot: project.root, env: {} });
    deployClaude({ ...base, optionalHooks: { reindexSymbols: false, verifyCache: false } });
    expect(Object.keys(JSON.parse(read(".claude/settings.json")).hooks)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PostToolUse",
    ]);
    deployClaude(base);
    const hooks = JSON.parse(read(".claude/settings.json")).hooks;
    const commands = (event: string) =>
      hooks[event].flatMap((g: { hooks: { command: string }[] }) =>
        g.hooks.map((h) => h.command.split(" ").slice(-2)),
      );
    expect(commands("SessionStart")).toEqual([
      ["sync-rules", "--hook"],
      ["reindex-symbols", "--hook"],
      ["verify-cache", "--hook"],
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

describe("the read hook beside the observe one", () => {
  beforeEach(() => project.write("node_modules/.bin/archon", "#!/bin/sh\n"));

  it("is a second PostToolUse group, after the user's own Read hook, and a redeploy is byte-identical", () => {
    const mine = { matcher: "Read", hooks: [{ type: "command", command: "./log-read.sh" }] };
    project.write(".claude/settings.json", JSON.stringify({ hooks: { PostToolUse: [mine] } }));
    const command = adapterConfig({ version: "1.0.0", projectRoot: project.root, env: {} }).commands.claude;
    deployClaude();
    const first = read(".claude/settings.json");
    expect(JSON.parse(first).hooks.PostToolUse).toEqual([
      mine,
      {
        matcher: "mcp__archon__archon_observe",
        hooks: [{ type: "command", command: `${command} sync-rules --hook` }],
      },
      { matcher: "Read|Bash", hooks: [{ type: "command", command: `${command} record-read --hook` }] },
    ]);
    deployClaude();
    expect(read(".claude/settings.json")).toBe(first);
  });

  it("is recognized as archon's, so a merge with no managed hooks leaves exactly the user's", () => {
    const command =
      'npx --no-install --prefix "$CLAUDE_PROJECT_DIR" archon --project-root "$CLAUDE_PROJECT_DIR"';
    expect(isManagedHandler({ type: "command", command: `${command} record-read --hook` })).toBe(true);
    expect(
      isManagedHandler({ type: "command", command: `${command} record-read --client cursor --hook` }),
    ).toBe(true);
    expect(isManagedHandler({ type: "command", command: "./log-read.sh" })).toBe(false);
    const mine = { matcher: "Read", hooks: [{ type: "command", command: "./log-read.sh" }] };
    const settings = {
      hooks: {
        PostToolUse: [
          mine,
          { matcher: "Read", hooks: [{ type: "command", command: `${command} record-read --hook` }] },
        ],
      },
    };
    expect(mergeClaudeHooks(".claude/settings.json", settings, {})).toEqual({
      hooks: { PostToolUse: [mine] },
    });
  });
});

describe("a deploy from before the read hook took Bash", () => {
  beforeEach(() => project.write("node_modules/.bin/archon", "#!/bin/sh\n"));

  it("has its Read-only group replaced by the Read|Bash one, never kept beside it", () => {
    const command = adapterConfig({ version: "1.0.0", projectRoot: project.root, env: {} }).commands.claude;
    const run = (sub: string) => ({ type: "command", command: `${command} ${sub} --hook` });
    const mine = { matcher: "Bash", hooks: [{ type: "command", command: "./audit.sh" }] };
    const observe = { matcher: "mcp__archon__archon_observe", hooks: [run("sync-rules")] };
    project.write(
      ".claude/settings.json",
      JSON.stringify({
        hooks: { PostToolUse: [observe, { matcher: "Read", hooks: [run("record-read")] }, mine] },
      }),
    );
    deployClaude();
    expect(JSON.parse(read(".claude/settings.json")).hooks.PostToolUse).toEqual([
      observe,
      { matcher: "Read|Bash", hooks: [run("record-read")] },
      mine,
    ]);
  });
});

describe("Claude Code settings in a project that did not install archon", () => {
  it("go to the personal settings.local.json, which git is told to ignore in this clone only", () => {
    git("init", "-q");
    project.write(".gitignore", "dist/\n");
    const result = deployClaude();
    const command = `node ${ARCHON_BIN} --project-root "$CLAUDE_PROJECT_DIR"`;
    expect(JSON.parse(read(".claude/settings.local.json"))).toEqual({
      hooks: {
        SessionStart: [
          {
            matcher: "",
            hooks: [
              { type: "command", command: `${command} sync-rules --hook` },
              { type: "command", command: `${command} reindex-symbols --hook` },
              { type: "command", command: `${command} verify-cache --hook` },
            ],
          },
        ],
        UserPromptSubmit: [{ hooks: [{ type: "command", command: `${command} sync-rules --hook` }] }],
        PostToolUse: [
          {
            matcher: "mcp__archon__archon_observe",
            hooks: [{ type: "command", command: `${command} sync-rules --hook` }],
          },
          { matcher: "Read|Bash", hooks: [{ type: "command", command: `${command} record-read --hook` }] },
        ],
        PreCompact: [
          { matcher: "", hooks: [{ type: "command", command: `${command} verify-cache --hook` }] },
        ],
      },
    });
    expect(read(".git/info/exclude")).toContain(
      "# archon:start\n# Written by archon deploy-adapters: agent hook files that hold this machine's paths.\n/.claude/settings.local.json\n/.codex/hooks.json\n/.cursor/hooks.json\n# archon:end\n",
    );
    expect(read(".gitignore")).toBe("dist/\n");
    expect(git("check-ignore", "-q", ".claude/settings.local.json").status).toBe(0);
    expect(result.files.map((f) => [f.piece, f.path, f.action])).toContainEqual([
      "git-exclude",
      ".git/info/exclude",
      "updated",
    ]);
    expect(existsSync(join(project.root, ".claude/settings.json"))).toBe(false);
  });

  it("take archon's old entries out of the committed settings.json, keeping the user's", () => {
    git("init", "-q");
    const old = {
      type: "command",
      command: "node /home/x/archon/bin/archon.js --project-root /home/x/proj sync-rules --hook",
    };
    project.write(
      ".claude/settings.json",
      JSON.stringify({
        model: "opus",
        hooks: { UserPromptSubmit: [{ hooks: [old, { type: "command", command: "./mine.sh" }] }] },
      }),
    );
    const result = deployClaude();
    expect(JSON.parse(read(".claude/settings.json"))).toEqual({
      model: "opus",
      hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "./mine.sh" }] }] },
    });
    expect(result.files.find((f) => f.piece === "claude-settings-cleanup")).toEqual({
      target: "claude",
      piece: "claude-settings-cleanup",
      path: ".claude/settings.json",
      action: "updated",
      reason: "archon's hooks moved to .claude/settings.local.json",
    });
    expect(deployClaude().files.find((f) => f.piece === "claude-settings-cleanup")).toBeUndefined();
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

  it("say nothing on a commit that changes no rule, and name what a commit brought in", () => {
    git("init", "-q");
    deployClaude();
    const commit = (message: string) =>
      git("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", message);
    project.write("a.txt", "a\n");
    git("add", "a.txt");
    expect(commit("first")).toMatchObject({ status: 0, stdout: "", stderr: "" });
    project.write(
      ".archon/rules.md",
      renderRulesFile([
        { doc_id: "rule-input", title: "Input", content: "Every route validates its input." },
      ]),
    );
    git("add", ".archon/rules.md");
    commit("a rule");
    project.write("b.txt", "b\n");
    git("add", "b.txt");
    // The rule reached the knowledge base with the commit after it (pre-commit reads committed text).
    const second = commit("second");
    expect(`${second.stdout}${second.stderr}`).toContain(".archon/rules.md");
  });

  it("fail open: a commit succeeds even when the archon command fails", () => {
    git("init", "-q");
    const base = adapterConfig({ version: "1.0.0", projectRoot: project.root, env: {} });
    const missing = "archon-command-that-does-not-exist --project-root /nowhere";
    deployClaude({ ...base, commands: { claude: missing, git: missing, agents: missing, gemini: missing } });
    project.write("a.txt", "a\n");
    git("add", "a.txt");
    const commit = git("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "first");
    expect(commit.status).toBe(0);
    expect(commit.stderr).toContain("archon: sync-rules failed; continuing without it");
    expect(git("log", "--oneline").stdout).toMatch(/first/);
  });
});
