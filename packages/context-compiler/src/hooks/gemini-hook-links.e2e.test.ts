import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArchonContext } from "../context/archon-context.js";
import { observe } from "../knowledge/observations/observe.js";
import { observationsContext } from "../mcp/agent/observe.tool.js";
import { type LinkedProject, linkedProject } from "../test-support/linked-project.js";
import { personEnv } from "../test-support/person-env.js";
import { ARCHON_BIN } from "../test-support/stdio-client.js";

// The attacker's side of Gemini CLI's hooks: a repository that commits links where the hooks write (their
// state folder, the rules file), opened in Gemini CLI, whose hooks then run the commands setup wrote with
// the event JSON Gemini CLI sends. Whatever the hooks refuse, the outside folder stays byte for byte.
let project: LinkedProject;
let root: string;
let outside: string;
let dbPath: string;

beforeEach(() => {
  project = linkedProject("archon-gemini-links-");
  ({ root, outside, dbPath } = project);
  writeFileSync(join(root, "notes.md"), "# notes\n");
});
afterEach(() => project.cleanup());

const outsideState = () => project.outsideState();

function gemini(sub: string, event: Record<string, unknown>) {
  const r = spawnSync(
    process.execPath,
    [ARCHON_BIN, "--project-root", root, "--db", dbPath, sub, "--client", "gemini", "--hook"],
    {
      input: JSON.stringify({ session_id: "gem-1", cwd: root, timestamp: "2026-12-05T00:00:00Z", ...event }),
      encoding: "utf8",
      env: personEnv({ GEMINI_PROJECT_DIR: root, CLAUDE_PROJECT_DIR: root, GEMINI_SESSION_ID: "gem-1" }),
    },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A Gemini CLI session: start, a prompt, a captured decision, the person's yes, and a file read. */
function geminiSession() {
  const start = gemini("sync-rules", { hook_event_name: "SessionStart", source: "startup" });
  gemini("sync-rules", { hook_event_name: "BeforeAgent", prompt: "let us talk about commits" });
  const ctx = createArchonContext({ surface: "agent", dbPath, projectRoot: root });
  const tool_input = {
    event_type: "manual_note",
    payload: { note: "From now on, sign every commit." },
  } as const;
  const text = JSON.stringify(observe(observationsContext(ctx), tool_input));
  ctx.close();
  gemini("sync-rules", {
    hook_event_name: "AfterTool",
    tool_name: "mcp_archon_archon_observe",
    tool_input,
    tool_response: { llmContent: [{ text }], returnDisplay: text },
  });
  const yes = gemini("sync-rules", { hook_event_name: "BeforeAgent", prompt: "yes" });
  const read = gemini("record-read", {
    hook_event_name: "AfterTool",
    tool_name: "read_file",
    tool_input: { file_path: "notes.md" },
  });
  return { start, yes, read };
}

/** The context a Gemini CLI hook answered with: its stdout is one JSON object or nothing. */
const contextOf = (stdout: string) =>
  stdout === "" ? "" : (JSON.parse(stdout).hookSpecificOutput.additionalContext as string);

describe("Gemini CLI's hooks with .archon/hooks linked out of the project", () => {
  it("write nothing through the link, say so on stderr, and keep stdout to Gemini CLI's JSON", () => {
    mkdirSync(join(outside, "hooks"));
    symlinkSync(join(outside, "hooks"), join(root, ".archon/hooks"));
    const before = outsideState();
    const { start, yes, read } = geminiSession();
    expect(start.stderr).toContain(
      "archon sync-rules: Refused to write .archon/hooks: the folder resolves to",
    );
    expect(read).toEqual({
      code: 0,
      stdout: "",
      stderr: expect.stringContaining("archon record-read: Refused to write .archon/hooks"),
    });
    expect(contextOf(yes.stdout)).toContain("archon recorded the confirmed standing rule");
    expect(outsideState()).toEqual(before);
  });
});

describe("Gemini CLI's hooks with .archon/rules.md linked out of the project", () => {
  it("approve nothing through the link and tell the agent why", () => {
    symlinkSync(join(outside, "victim.md"), join(root, ".archon/rules.md"));
    const before = outsideState();
    const { yes } = geminiSession();
    expect({ code: yes.code, stderr: yes.stderr }).toEqual({ code: 0, stderr: "" });
    expect(contextOf(yes.stdout)).toMatch(
      /^archon could not record prop_\w+: rules_file "\.archon\/rules\.md" is a symbolic link that leads outside the project root/m,
    );
    expect(outsideState()).toEqual(before);
  });
});
