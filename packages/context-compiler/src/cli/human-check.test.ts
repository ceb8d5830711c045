import { spawnSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { commitAll } from "../test-support/git.js";
import { personEnv } from "../test-support/person-env.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { ARCHON_BIN } from "../test-support/stdio-client.js";
import { agentShellVariable, requirePerson } from "./human-check.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  project.write("CLAUDE.md", "# Rules\n\n- Always use tabs for indentation in Go files.\n");
  commitAll(project.root, "instructions", true);
});
afterEach(() => project.cleanup());

/** Spawned without a terminal (pipes), as an agent's shell runs it. */
function archon(env: NodeJS.ProcessEnv, ...args: string[]) {
  const r = spawnSync(process.execPath, [ARCHON_BIN, "--project-root", project.root, ...args], {
    encoding: "utf8",
    cwd: project.root,
    env,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const pending = () =>
  (JSON.parse(archon(personEnv(), "proposals", "--json").stdout) as { proposals: { proposal_id: string }[] })
    .proposals;

/** A pending bundle of one imported rule, made the way a person would. */
function importedBundle(): string {
  const out = JSON.parse(archon(personEnv(), "import-rules", "--json").stdout) as {
    bundle: { bundle_id: string };
  };
  return out.bundle.bundle_id;
}

const claudeRefusal = (command: string) =>
  `archon: ${command} changes approved knowledge and needs a person, but this looks like a coding agent's shell: CLAUDECODE=1 is set (Claude Code sets it in the shells it runs commands in). Nothing was changed.\nHint: Run the command yourself in your own terminal. If this is your terminal and the variable leaked into it, add --i-am-human.\n`;

describe("agentShellVariable tells an agent's shell from a person's", () => {
  it.each([
    [{ CLAUDECODE: "1" }, "CLAUDECODE"],
    [{ CLAUDE_CODE_ENTRYPOINT: "cli" }, "CLAUDE_CODE_ENTRYPOINT"],
    [{ CODEX_SANDBOX_NETWORK_DISABLED: "1" }, "CODEX_SANDBOX_NETWORK_DISABLED"],
    [{ CODEX_SANDBOX: "seatbelt" }, "CODEX_SANDBOX"],
    [{ CURSOR_AGENT: "1" }, "CURSOR_AGENT"],
    [{ CURSOR_EXTENSION_HOST_ROLE: "agent-exec" }, "CURSOR_EXTENSION_HOST_ROLE"],
    [{ CURSOR_EXTENSION_HOST_ROLE: "user" }, undefined],
    [{ CURSOR_TRACE_ID: "abc", TERM_PROGRAM: "vscode" }, undefined],
    [{ CLAUDECODE: "" }, undefined],
    [{ PATH: "/usr/bin", HOME: "/home/me" }, undefined],
  ])("%j is named %s", (env, name) => {
    expect(agentShellVariable(env)?.name).toBe(name);
  });
});

describe("archon approve in a coding agent's shell", () => {
  it("refuses with exit 1, names the variable, and approves nothing", () => {
    const bundle = importedBundle();
    const before = pending();
    const r = archon(personEnv({ CLAUDECODE: "1" }), "approve", bundle);
    expect(r).toEqual({ code: 1, stdout: "", stderr: claudeRefusal("archon approve") });
    expect(pending()).toEqual(before);
    expect(before).toHaveLength(1);
  });

  it("still refuses with --i-am-human when there is no terminal", () => {
    const bundle = importedBundle();
    const r = archon(personEnv({ CLAUDECODE: "1" }), "--i-am-human", "approve", bundle);
    expect(r).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "archon: --i-am-human only counts in an interactive terminal (stdin and stdout a TTY), and this process has none while CLAUDECODE=1 is set (Claude Code sets it in the shells it runs commands in). Nothing was changed.\nHint: Run the command yourself in your own terminal.\n",
    });
    expect(pending()).toHaveLength(1);
  });

  it("approves as before when no agent variable is set", () => {
    const bundle = importedBundle();
    const r = archon(personEnv(), "approve", bundle);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Approved bundle /);
    expect(pending()).toEqual([]);
  });
});

describe("every command that approves or decides refuses in an agent's shell", () => {
  it.each([
    ["reject", ["reject", "BUNDLE", "--comment", "no"], "archon reject"],
    ["import-rules --approve", ["import-rules", "--approve"], "archon import-rules --approve"],
    ["migrate --yes", ["migrate", "--yes"], "archon migrate --yes"],
    ["sync-rules-file", ["sync-rules-file"], "archon sync-rules-file"],
    ["setup --yes", ["setup", "--yes"], "archon setup --yes"],
  ])("%s", (_name, args, command) => {
    const bundle = importedBundle();
    const before = pending();
    const r = archon(personEnv({ CLAUDECODE: "1" }), ...args.map((a) => (a === "BUNDLE" ? bundle : a)));
    expect(r).toEqual({ code: 1, stdout: "", stderr: claudeRefusal(command) });
    expect(pending()).toEqual(before);
  });

  it("previews (dry runs) stay open to an agent, since they change nothing", () => {
    expect(archon(personEnv({ CURSOR_AGENT: "1" }), "migrate", "--dry-run").code).toBe(0);
    // sync-rules-file reads an Archon project's rules.md: the folder has to be one.
    project.context().close();
    expect(archon(personEnv({ CURSOR_AGENT: "1" }), "sync-rules-file", "--dry-run").code).toBe(0);
  });
});

describe("--i-am-human at a terminal", () => {
  it("lets a person whose terminal inherited an agent variable go on", () => {
    expect(() =>
      requirePerson("archon approve", true, { env: { CODEX_SANDBOX: "seatbelt" }, terminal: true }),
    ).not.toThrow();
    expect(() =>
      requirePerson("archon approve", false, { env: { CODEX_SANDBOX: "seatbelt" }, terminal: true }),
    ).toThrow(/CODEX_SANDBOX=seatbelt is set \(Codex sets it/);
  });
});
