import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeClients, installFakeClients } from "../test-support/fake-clients.js";
import { commitAll, fixedGitEnv, git } from "../test-support/git.js";
import { ARCHON_BIN } from "../test-support/stdio-client.js";

// Spawns the built CLI: run `npx tsc -b packages/core packages/context-compiler` first.
const CHECKOUT = realpathSync(fileURLToPath(new URL("../../../../", import.meta.url))).replace(/\/$/, "");

let base: string;
let repo: string;
let fakes: FakeClients;
beforeEach(() => {
  // realpath: the paths archon prints are the real ones.
  base = realpathSync(mkdtempSync(join(tmpdir(), "archon-portable-")));
  repo = join(base, "shop");
  fakes = installFakeClients(join(base, "fake-bin"));
  const write = (rel: string, text: string) => writeText(join(repo, rel), text);
  write("package.json", JSON.stringify({ name: "shop", dependencies: { next: "15.0.0", react: "19.0.0" } }));
  write("next.config.mjs", "export default {};\n");
  write("src/app/page.tsx", "export default function Page() { return null; }\n");
  write("src/app/api/orders/route.ts", "export async function GET() { return Response.json([]); }\n");
  commitAll(repo, "app", true);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function writeText(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const env = () => ({ ...fixedGitEnv, ...fakes.env(), PATH: `${fakes.bin}:${process.env.PATH}` });

/** archon run the way a person runs it: from a folder inside the project, no --project-root. */
function archon(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [ARCHON_BIN, ...args], { cwd, env: env(), encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The database a command run in `cwd` used, as `archon stats` names it. */
const databaseOf = (cwd: string) => /^database\s+(.+)$/m.exec(archon(cwd, "stats").stdout)?.[1];

/** A hook command as written, with its subcommand swapped for `stats`, run by a shell in `cwd`. */
function runHookCommand(command: string, subcommand: string, cwd: string, extra: NodeJS.ProcessEnv = {}) {
  const line = command.replace(` ${subcommand}`, " stats");
  const r = spawnSync("sh", ["-c", line], { cwd, env: { ...env(), ...extra }, encoding: "utf8" });
  return /^database\s+(.+)$/m.exec(r.stdout)?.[1];
}

/** Files git would commit: tracked, or untracked and not ignored. */
const committable = (root: string) =>
  git(root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0").filter(Boolean);

describe("a project set up once, then cloned into a worktree and copied", () => {
  it("gives each its own root and database, and commits no path of this machine", () => {
    const run = archon(
      join(repo, "src", "app"),
      "setup",
      "--yes",
      "--agents",
      "claude,cursor,codex",
      "--json",
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const outcome = JSON.parse(run.stdout);
    expect(outcome.registrations.map((r: { agent: string; shared: boolean }) => [r.agent, r.shared])).toEqual(
      [
        ["claude", false],
        ["cursor", false],
        ["codex", false],
      ],
    );
    expect(
      fakes
        .calls("claude")
        .filter((a) => a[1] === "add-json")
        .map((a) => a[2]),
    ).toEqual(["archon", "archon-prd"]);

    for (const file of committable(repo)) {
      const text = readFileSync(join(repo, file)).toString("latin1");
      expect({ file, base: text.includes(base), checkout: text.includes(CHECKOUT) }).toEqual({
        file,
        base: false,
        checkout: false,
      });
    }
    expect(git(repo, "check-ignore", ".claude/settings.local.json").trim()).toBe(
      ".claude/settings.local.json",
    );
    expect(databaseOf(join(repo, "src"))).toBe(join(repo, ".archon", "archon.db"));

    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "archon setup");
    const worktree = join(base, "shop-feature");
    git(repo, "worktree", "add", "-q", "-b", "feature", worktree);
    const copy = join(base, "shop-copy");
    cpSync(repo, copy, { recursive: true });

    expect(databaseOf(join(worktree, "src", "app"))).toBe(join(worktree, ".archon", "archon.db"));
    expect(databaseOf(join(copy, "src", "app"))).toBe(join(copy, ".archon", "archon.db"));

    // The git hooks every worktree shares find the root with git at run time.
    const hook = readFileSync(join(repo, ".git", "hooks", "pre-commit"), "utf8");
    const hookLine = hook.split("\n").find((l) => l.includes(" sync-rules --quiet ||")) ?? "";
    const hookCommand = hookLine.slice(0, hookLine.indexOf(" ||"));
    expect(runHookCommand(hookCommand, "sync-rules --quiet", join(worktree, "src"))).toBe(
      join(worktree, ".archon", "archon.db"),
    );
    expect(runHookCommand(hookCommand, "sync-rules --quiet", join(copy, "src"))).toBe(
      join(copy, ".archon", "archon.db"),
    );

    // The copy carries the personal Claude Code settings along; their hooks still use the copy's root.
    const settings = JSON.parse(readFileSync(join(copy, ".claude", "settings.local.json"), "utf8"));
    const claudeCommand: string = settings.hooks.UserPromptSubmit[0].hooks[0].command;
    expect(runHookCommand(claudeCommand, "sync-rules --hook", copy, { CLAUDE_PROJECT_DIR: copy })).toBe(
      join(copy, ".archon", "archon.db"),
    );

    // A write in the copy stays in the copy.
    const count = (root: string) => JSON.parse(archon(root, "stats", "--json").stdout).documents_by_status;
    const before = count(repo);
    writeText(
      join(copy, "extra.seed.yaml"),
      "documents:\n  - doc_id: copy-only\n    title: Only in the copy\n    content: x\n",
    );
    expect(archon(join(copy, "src"), "seed", join(copy, "extra.seed.yaml")).code).toBe(0);
    expect(count(copy)).not.toEqual(before);
    expect(count(repo)).toEqual(before);
    // About twenty archon processes on a shared machine: more than the default timeout allows.
  }, 180_000);

  it("commits portable entries when the project installed archon, and each checkout starts its own", () => {
    // npm links a dependency's bin into node_modules/.bin; node_modules itself is ignored.
    const install = (root: string) => {
      mkdirSync(join(root, "node_modules", ".bin"), { recursive: true });
      symlinkSync(ARCHON_BIN, join(root, "node_modules", ".bin", "archon"));
    };
    writeText(join(repo, ".gitignore"), "node_modules/\n");
    install(repo);
    const run = archon(repo, "setup", "--yes", "--agents", "claude,cursor,codex", "--json");
    expect(run.code).toBe(0);
    const outcome = JSON.parse(run.stdout);
    expect(outcome.registrations.map((r: { shared: boolean }) => r.shared)).toEqual([true, true, true]);
    for (const file of committable(repo)) {
      const text = readFileSync(join(repo, file)).toString("latin1");
      expect({ file, base: text.includes(base), checkout: text.includes(CHECKOUT) }).toEqual({
        file,
        base: false,
        checkout: false,
      });
    }
    expect(JSON.parse(readFileSync(join(repo, ".mcp.json"), "utf8")).mcpServers.archon.command).toBe("npx");

    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "archon setup");
    const worktree = join(base, "shop-feature");
    git(repo, "worktree", "add", "-q", "-b", "feature", worktree);
    install(worktree);

    const settings = JSON.parse(readFileSync(join(worktree, ".claude", "settings.json"), "utf8"));
    const claudeCommand: string = settings.hooks.UserPromptSubmit[0].hooks[0].command;
    expect(claudeCommand).toMatch(/^npx --no-install --prefix "\$CLAUDE_PROJECT_DIR" archon /);
    expect(runHookCommand(claudeCommand, "sync-rules --hook", base, { CLAUDE_PROJECT_DIR: worktree })).toBe(
      join(worktree, ".archon", "archon.db"),
    );
    const hook = readFileSync(join(repo, ".git", "hooks", "pre-commit"), "utf8");
    const hookLine = hook.split("\n").find((l) => l.includes(" sync-rules --quiet ||")) ?? "";
    expect(runHookCommand(hookLine.slice(0, hookLine.indexOf(" ||")), "sync-rules --quiet", worktree)).toBe(
      join(worktree, ".archon", "archon.db"),
    );
  }, 180_000);
});
