import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArchonContext } from "../context/archon-context.js";
import { observe } from "../knowledge/observations/observe.js";
import { observationsContext } from "../mcp/agent/observe.tool.js";
import { listProposals } from "../store/proposals.js";
import { type LinkedProject, linkedProject } from "../test-support/linked-project.js";
import { personEnv } from "../test-support/person-env.js";
import { ARCHON_BIN } from "../test-support/stdio-client.js";

// The attacker's side of the prompt hooks: a repository that commits links where the hooks keep rules.md
// and their state. The database lives apart, so what is at stake is only what the hooks write in .archon.
let project: LinkedProject;
let root: string;
let outside: string;
let dbPath: string;

beforeEach(() => {
  project = linkedProject("archon-sync-links-");
  ({ root, outside, dbPath } = project);
});
afterEach(() => project.cleanup());

const outsideState = () => project.outsideState();

/** One hook run as Claude Code starts it: the built command, the event JSON on stdin. */
function hook(event: Record<string, unknown>) {
  const r = spawnSync(
    process.execPath,
    [ARCHON_BIN, "--project-root", root, "--db", dbPath, "sync-rules", "--hook"],
    {
      input: JSON.stringify({ session_id: "sess-1", cwd: root, ...event }),
      encoding: "utf8",
      env: personEnv(),
    },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A session start, a decision the agent captures, and the person's yes: every write the hooks make. */
function sessionWithConfirmedRule() {
  const start = hook({ hook_event_name: "SessionStart", source: "startup" });
  hook({ hook_event_name: "UserPromptSubmit", prompt: "let us talk about commits" });
  const ctx = createArchonContext({ surface: "agent", dbPath, projectRoot: root });
  const tool_input = {
    event_type: "manual_note",
    payload: { note: "From now on, sign every commit." },
  } as const;
  const answer = observe(observationsContext(ctx), tool_input);
  ctx.close();
  hook({
    hook_event_name: "PostToolUse",
    tool_name: "mcp__archon__archon_observe",
    tool_input,
    tool_response: { content: [{ type: "text", text: JSON.stringify(answer) }] },
  });
  const yes = hook({ hook_event_name: "UserPromptSubmit", prompt: "yes" });
  const admin = createArchonContext({ surface: "admin", dbPath, projectRoot: root });
  const pending = listProposals(admin.kdb.db, "pending").length;
  admin.close();
  return { start, yes, pending };
}

describe("the prompt hooks with rules.md linked out of the project", () => {
  it("approve nothing through an absolute link, and say why", () => {
    symlinkSync(join(outside, "victim.md"), join(root, ".archon/rules.md"));
    const before = outsideState();
    const { yes, pending } = sessionWithConfirmedRule();
    expect(yes).toEqual({
      code: 0,
      stdout: expect.stringMatching(
        /^archon could not record prop_\w+: rules_file "\.archon\/rules\.md" is a symbolic link that leads outside the project root/m,
      ),
      stderr: "",
    });
    expect(pending).toBe(1);
    expect(outsideState()).toEqual(before);
  });

  it("approve nothing through a relative link", () => {
    symlinkSync(relative(join(root, ".archon"), join(outside, "victim.md")), join(root, ".archon/rules.md"));
    const before = outsideState();
    const { yes, pending } = sessionWithConfirmedRule();
    expect(yes.stdout).toContain("is a symbolic link that leads outside the project root");
    expect(pending).toBe(1);
    expect(outsideState()).toEqual(before);
  });
});

describe("the prompt hooks with their state linked out of the project", () => {
  it("refuse a state file that is a link, say so on stderr, and still answer", () => {
    mkdirSync(join(root, ".archon/hooks"));
    symlinkSync(join(outside, "victim.md"), join(root, ".archon/hooks/rules-base.json"));
    const before = outsideState();
    const { start, yes } = sessionWithConfirmedRule();
    expect(start).toEqual({
      code: 0,
      stdout: expect.any(String),
      stderr: expect.stringContaining("archon sync-rules:"),
    });
    expect(start.stderr).toContain(".archon/hooks/rules-base.json");
    expect(yes.stdout).toContain("archon recorded the confirmed standing rule");
    expect(outsideState()).toEqual(before);
  });

  it("write nothing through a linked .archon/hooks", () => {
    mkdirSync(join(outside, "hooks"));
    symlinkSync(join(outside, "hooks"), join(root, ".archon/hooks"));
    const before = outsideState();
    const { start } = sessionWithConfirmedRule();
    expect(start.stderr).toContain("Refused to");
    expect(outsideState()).toEqual(before);
  });

  it("write nothing through a linked .archon", () => {
    rmSync(join(root, ".archon"), { recursive: true });
    mkdirSync(join(outside, "state"));
    symlinkSync(join(outside, "state"), join(root, ".archon"));
    const before = outsideState();
    const { start, yes } = sessionWithConfirmedRule();
    expect(start.stderr).toContain("Refused to write .archon/hooks: the folder resolves to");
    expect(yes.stdout).toContain("archon recorded the confirmed standing rule");
    expect(yes.stdout).toContain(
      "archon: The change is committed, but .archon/rules.md could not be written",
    );
    expect(yes.stdout).toContain("Refused to write .archon/rules.md: its folder resolves to");
    expect(outsideState()).toEqual(before);
  });
});

describe("the git hooks with .archon/config.json linked out of the project", () => {
  it("refuse to read it, so none of the outside file reaches the output", () => {
    writeFileSync(join(outside, "secrets.env"), "TOKEN=hunter2\n");
    symlinkSync(join(outside, "secrets.env"), join(root, ".archon/config.json"));
    const r = spawnSync(
      process.execPath,
      [ARCHON_BIN, "--project-root", root, "--db", dbPath, "sync-rules", "--quiet"],
      { encoding: "utf8", env: personEnv() },
    );
    expect({ code: r.status, stdout: r.stdout }).toEqual({ code: 0, stdout: "" });
    expect(r.stderr).toContain(
      'config ".archon/config.json" is a symbolic link that leads outside the project root',
    );
    expect(`${r.stdout}${r.stderr}`).not.toContain("hunter2");
  });
});
