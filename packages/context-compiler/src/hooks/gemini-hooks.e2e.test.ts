import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArchonContext } from "../context/archon-context.js";
import { observe } from "../knowledge/observations/observe.js";
import { renderRulesFile } from "../knowledge/standing-rules/rules-file.js";
import { observationsContext } from "../mcp/agent/observe.tool.js";
import { listProposals } from "../store/proposals.js";
import { readVersion } from "../store/version.js";
import { commitAll } from "../test-support/git.js";
import { personEnv } from "../test-support/person-env.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { ARCHON_BIN } from "../test-support/stdio-client.js";

// Each hook is fed the JSON Gemini CLI 0.61 sends on stdin (its hookEventHandler: session_id,
// transcript_path, cwd, hook_event_name, timestamp, then the event's own fields), through the built `archon`
// command as setup writes it into .gemini/settings.json, with the variables Gemini CLI sets for hooks.
let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-gemini-hooks-");
  project.write(
    ".archon/rules.md",
    renderRulesFile([
      {
        doc_id: "rule-no-tests",
        title: "Tests only on request",
        content: "Do not run the test suite unless the user asks for tests.",
      },
      { doc_id: "rule-pnpm", title: "Use pnpm", content: "Install packages with pnpm, never npm or yarn." },
    ]),
  );
  project.write(".gitignore", ".archon/archon.db*\n.archon/hooks/\n");
  commitAll(project.root, "standing rules", true);
});
afterEach(() => project.cleanup());

function gemini(sub: string, event: Record<string, unknown>) {
  const input = {
    session_id: "gem-1",
    transcript_path: join(project.root, "session.jsonl"),
    cwd: project.root,
    timestamp: "2026-12-05T01:45:44.257Z",
    ...event,
  };
  const r = spawnSync(
    process.execPath,
    [ARCHON_BIN, "--project-root", project.root, sub, "--client", "gemini", "--hook"],
    {
      input: JSON.stringify(input),
      encoding: "utf8",
      env: personEnv({
        GEMINI_PROJECT_DIR: project.root,
        GEMINI_CWD: project.root,
        GEMINI_SESSION_ID: "gem-1",
        CLAUDE_PROJECT_DIR: project.root,
      }),
    },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Gemini CLI's answer for context: one JSON object on stdout. */
const context = (hookEventName: string, additionalContext: string) =>
  `${JSON.stringify({ hookSpecificOutput: { hookEventName, additionalContext } })}\n`;

describe("Gemini CLI's SessionStart", () => {
  it("absorbs the committed rules file and answers in the JSON Gemini CLI adds to the context", () => {
    expect(gemini("sync-rules", { hook_event_name: "SessionStart", source: "startup" })).toEqual({
      code: 0,
      stdout: context(
        "SessionStart",
        "archon absorbed 2 committed edit(s) to .archon/rules.md (knowledge_version 1).",
      ),
      stderr: "",
    });
    expect(gemini("sync-rules", { hook_event_name: "SessionStart", source: "resume" })).toEqual({
      code: 0,
      stdout: "",
      stderr: "",
    });
  });
});

describe("Gemini CLI's BeforeAgent", () => {
  it("injects the standing rules the person's words are about, once per session, leaving out the session's own context", () => {
    gemini("sync-rules", { hook_event_name: "SessionStart", source: "startup" });
    // Headless, Gemini CLI puts SessionStart's context before the prompt: its words are not the person's.
    const prompt = "<hook_context>install packages with npm</hook_context>\n\nplease run the test suite";
    expect(gemini("sync-rules", { hook_event_name: "BeforeAgent", prompt })).toEqual({
      code: 0,
      stdout: context(
        "BeforeAgent",
        [
          "Standing rules from archon that apply to this request (decisions the team made; follow them):",
          "- Tests only on request [rule-no-tests]: Do not run the test suite unless the user asks for tests.",
        ].join("\n"),
      ),
      stderr: "",
    });
    expect(
      gemini("sync-rules", { hook_event_name: "BeforeAgent", prompt: "run the test suite" }).stdout,
    ).toBe("");
  });

  it("commits a decision captured through Gemini CLI's observe tool once the person confirms it", () => {
    gemini("sync-rules", { hook_event_name: "BeforeAgent", prompt: "let us talk about commits" });
    const ctx = createArchonContext({ surface: "agent", dbPath: project.dbPath, projectRoot: project.root });
    const tool_input = { event_type: "manual_note", payload: { note: "From now on, keep commits small." } };
    const answer = observe(observationsContext(ctx), tool_input as Parameters<typeof observe>[1]);
    ctx.close();
    const text = JSON.stringify(answer);
    // Gemini CLI's AfterTool for an MCP tool: its own tool result, the server's text wrapped in llmContent.
    const after = gemini("sync-rules", {
      hook_event_name: "AfterTool",
      tool_name: "mcp_archon_archon_observe",
      tool_input,
      tool_response: {
        llmContent: [{ text: `<untrusted_context>\n${text}\n</untrusted_context>` }],
        returnDisplay: text,
      },
      mcp_context: { server_name: "archon", tool_name: "archon_observe", command: "npx" },
    });
    expect(after).toEqual({ code: 0, stdout: "", stderr: "" });
    const reply = gemini("sync-rules", { hook_event_name: "BeforeAgent", prompt: "Yes, do it." });
    expect(JSON.parse(reply.stdout).hookSpecificOutput.additionalContext).toContain(
      `archon recorded the confirmed standing rule (${answer.proposal_id}, knowledge_version 2): "From now on, keep commits small."`,
    );
    const later = project.context();
    expect([listProposals(later.kdb.db, "pending"), readVersion(later.kdb.db)]).toEqual([[], 2]);
    later.close();
  });
});

describe("Gemini CLI's AfterTool on read_file and run_shell_command", () => {
  it("records the project files the agent read, the shell's relative to its dir_path, and prints nothing", () => {
    project.write("src/money.ts", "export const cents = 1;\n");
    project.write("docs/guide.md", "# Guide\n");
    const read = gemini("record-read", {
      hook_event_name: "AfterTool",
      tool_name: "read_file",
      tool_input: { file_path: "src/money.ts" },
      tool_response: { llmContent: "export const cents = 1;\n", returnDisplay: "" },
    });
    const shell = gemini("record-read", {
      hook_event_name: "AfterTool",
      tool_name: "run_shell_command",
      tool_input: { command: "cat guide.md", dir_path: "docs" },
      tool_response: { llmContent: "# Guide\n", returnDisplay: "# Guide\n" },
    });
    expect([read, shell]).toEqual([
      { code: 0, stdout: "", stderr: "" },
      { code: 0, stdout: "", stderr: "" },
    ]);
    const log = readFileSync(join(project.root, ".archon/hooks/reads.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { path: string; session_id: string });
    expect(log.map(({ path, session_id }) => ({ path, session_id }))).toEqual([
      { path: "src/money.ts", session_id: "gem-1" },
      { path: "docs/guide.md", session_id: "gem-1" },
    ]);
  });
});
