import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ARCHON_BIN } from "../test-support/stdio-client.js";
import { appendRead, pruneReadsBefore, readReads } from "./read-log.js";

// The Read hook as Claude Code runs it: the built `archon` command, the event JSON on stdin.
let root: string;
let outside: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "archon-reads-"));
  outside = mkdtempSync(join(tmpdir(), "archon-elsewhere-"));
  mkdirSync(join(root, ".archon"));
  mkdirSync(join(root, "docs"));
  writeFileSync(join(root, "docs/api.md"), "# API\n");
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/** The hook as a real child: `words` come before `record-read`, `client` names the agent (Cursor's answer). */
function run(stdin: string, words: string[], client?: string, cwd?: string) {
  const tail = client ? ["record-read", "--client", client, "--hook"] : ["record-read", "--hook"];
  // CLAUDE_PROJECT_DIR left out: a Codex or Cursor hook finds the project from its input alone.
  const { CLAUDE_PROJECT_DIR: _unset, ...env } = process.env;
  const r = spawnSync(process.execPath, [ARCHON_BIN, ...words, ...tail], {
    input: stdin,
    encoding: "utf8",
    env,
    ...(cwd ? { cwd } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const hook = (stdin: string, projectRoot = root) => run(stdin, ["--project-root", projectRoot]);
const readEvent = (filePath: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    session_id: "sess-1",
    transcript_path: "/tmp/t.jsonl",
    cwd: root,
    hook_event_name: "PostToolUse",
    tool_name: "Read",
    tool_input: { file_path: filePath },
    tool_response: { type: "text", file: { filePath, content: "# API\n" } },
    ...extra,
  });
const logFile = () => join(root, ".archon/hooks/reads.jsonl");

describe("the Read hook", () => {
  it("records a read inside the project as its repository path, session and time, and prints nothing", () => {
    const before = new Date().toISOString();
    const r = hook(readEvent(join(root, "docs/api.md")));
    const after = new Date().toISOString();
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    const records = readReads(root);
    const at = records[0]?.at ?? "";
    expect(records).toEqual([{ path: "docs/api.md", session_id: "sess-1", at }]);
    expect(at >= before && at <= after).toBe(true);
  });

  it("resolves a relative file path against the session's folder", () => {
    hook(readEvent("api.md", { cwd: join(root, "docs"), session_id: "" }));
    expect(readReads(root).map((r) => [r.path, r.session_id])).toEqual([["docs/api.md", null]]);
  });

  it("writes nothing for a file outside the project, malformed input, or input without a file path", () => {
    const outsideFile = join(outside, "secret.md");
    writeFileSync(outsideFile, "x\n");
    for (const stdin of [
      readEvent(outsideFile),
      readEvent(join(root, "../elsewhere.md")),
      "{ not json",
      "",
      "[1, 2]",
      JSON.stringify({ session_id: "s", tool_name: "Read", tool_input: {} }),
      JSON.stringify({ session_id: "s", tool_name: "Read", tool_input: { file_path: 42 } }),
    ])
      expect(hook(stdin)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(existsSync(logFile())).toBe(false);
  });

  it("creates nothing in a folder archon has not set up", () => {
    expect(hook(readEvent(join(outside, "a.md")), outside)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(existsSync(join(outside, ".archon"))).toBe(false);
  });

  it("still exits 0 when the log cannot be written, and says why", () => {
    // A folder where the log file should be: the append is refused, the agent's read is not.
    mkdirSync(logFile(), { recursive: true });
    expect(hook(readEvent(join(root, "docs/api.md")))).toEqual({
      code: 0,
      stdout: "",
      stderr: expect.stringContaining(
        "archon record-read: Refused to write .archon/hooks/reads.jsonl: it is not a regular file.",
      ),
    });
  });
});

describe("the read log's bounds", () => {
  const record = (path: string, at: string) => ({ path, session_id: "s", at });

  it("rotates into one older generation when full, and reads both oldest first", () => {
    appendRead(root, record("a.md", "2026-01-01T00:00:00.000Z"), 10);
    appendRead(root, record("b.md", "2026-01-02T00:00:00.000Z"), 10);
    appendRead(root, record("c.md", "2026-01-03T00:00:00.000Z"), 10);
    expect(readReads(root).map((r) => r.path)).toEqual(["b.md", "c.md"]);
    expect(readFileSync(join(root, ".archon/hooks/reads.1.jsonl"), "utf8")).toBe(
      `${JSON.stringify(record("b.md", "2026-01-02T00:00:00.000Z"))}\n`,
    );
  });

  it("drops records older than a cutoff from both generations and skips a cut-off line", () => {
    appendRead(root, record("a.md", "2026-01-01T00:00:00.000Z"), 10);
    appendRead(root, record("b.md", "2026-01-05T00:00:00.000Z"), 10);
    writeFileSync(logFile(), `${readFileSync(logFile(), "utf8")}{"path":"c.m`);
    expect(pruneReadsBefore(root, "2026-01-03T00:00:00.000Z")).toBe(1);
    expect(readReads(root)).toEqual([record("b.md", "2026-01-05T00:00:00.000Z")]);
  });
});

const quiet = { code: 0, stdout: "", stderr: "" };
const paths = () => readReads(root).map((r) => [r.path, r.session_id]);

describe("Claude Code's Bash tool", () => {
  const bashEvent = (command: string, cwd = root) =>
    JSON.stringify({
      session_id: "sess-2",
      transcript_path: "/tmp/t.jsonl",
      cwd,
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command, description: "Show the API rules" },
      tool_response: { stdout: "# API\n", stderr: "", interrupted: false, isImage: false },
    });

  it("records each project file the command reads, once, and ignores what is not a file inside the project", () => {
    mkdirSync(join(root, "src"));
    writeFileSync(join(root, "src/a.ts"), "export {};\n");
    writeFileSync(join(outside, "x.md"), "x\n");
    const command = `cat docs/api.md && sed -n '1,20p' src/a.ts | head -5; grep -n x src ${outside}/x.md missing.md docs/api.md`;
    expect(hook(bashEvent(command))).toEqual(quiet);
    expect(paths()).toEqual([
      ["docs/api.md", "sess-2"],
      ["src/a.ts", "sess-2"],
    ]);
  });

  it("follows a cd and a bash -lc wrapper from the session's folder", () => {
    hook(bashEvent(`bash -lc "cd docs && nl -ba api.md"`, root));
    hook(bashEvent("wc -l api.md", join(root, "docs")));
    expect(paths()).toEqual([
      ["docs/api.md", "sess-2"],
      ["docs/api.md", "sess-2"],
    ]);
  });
});

describe("Codex's PostToolUse hook on Bash", () => {
  const codexEvent = (command: unknown, cwd: string) =>
    JSON.stringify({
      session_id: "019a-thread",
      transcript_path: null,
      cwd,
      hook_event_name: "PostToolUse",
      model: "gpt-5-codex",
      turn_id: "turn-1",
      tool_name: "Bash",
      tool_use_id: "call-1",
      tool_input: { command },
      tool_response: "# API\n",
    });

  it("finds the project from the session's folder, with no root in the command", () => {
    mkdirSync(join(root, ".git"));
    expect(run(codexEvent("sed -n '1,40p' api.md", join(root, "docs")), [])).toEqual(quiet);
    expect(run(codexEvent(["bash", "-lc", "cat docs/api.md"], root), [])).toEqual(quiet);
    expect(paths()).toEqual([
      ["docs/api.md", "019a-thread"],
      ["docs/api.md", "019a-thread"],
    ]);
  });

  it("never looks past the repository's top for a project", () => {
    // A clone inside an archon project is its own repository: its reads are not the outer project's.
    mkdirSync(join(root, "vendor/lib/.git"), { recursive: true });
    writeFileSync(join(root, "vendor/lib/a.md"), "a\n");
    expect(run(codexEvent("cat a.md", join(root, "vendor/lib")), [])).toEqual(quiet);
    expect(existsSync(logFile())).toBe(false);
  });

  it("exits 0 quietly on input it cannot use", () => {
    for (const stdin of ["", "nope", codexEvent(42, root), codexEvent("cat ../x.md", root)])
      expect(run(stdin, [])).toEqual(quiet);
    expect(existsSync(logFile())).toBe(false);
  });
});

describe("Cursor's hooks", () => {
  const allow = `${JSON.stringify({ permission: "allow" })}\n`;
  const cursorEvent = (event: string, fields: Record<string, unknown>) =>
    JSON.stringify({
      conversation_id: "conv-9",
      generation_id: "gen-1",
      hook_event_name: event,
      workspace_roots: [outside, root],
      cursor_version: "2.0.77",
      ...fields,
    });

  it("answers beforeReadFile with allow and records the file under the conversation", () => {
    const file = join(root, "docs/api.md");
    const r = run(cursorEvent("beforeReadFile", { file_path: file, content: "# API\n" }), [], "cursor");
    expect(r).toEqual({ code: 0, stdout: allow, stderr: "" });
    expect(paths()).toEqual([["docs/api.md", "conv-9"]]);
  });

  it("records a shell command's reads after it ran, answering the after-event with an empty object", () => {
    const event = cursorEvent("afterShellExecution", {
      command: "head -n 30 api.md",
      cwd: join(root, "docs"),
      output: "# API\n",
      duration: 12,
    });
    expect(run(event, [], "cursor")).toEqual({ code: 0, stdout: "{}\n", stderr: "" });
    expect(paths()).toEqual([["docs/api.md", "conv-9"]]);
  });

  it("still answers allow to garbage, a file outside the project, or a project archon has not set up", () => {
    writeFileSync(join(outside, "s.env"), "K=1\n");
    for (const stdin of [
      "",
      "{ nope",
      "[]",
      cursorEvent("beforeReadFile", { file_path: join(outside, "s.env") }),
      cursorEvent("beforeReadFile", { file_path: 7 }),
    ])
      expect(run(stdin, [], "cursor", outside)).toEqual({ code: 0, stdout: allow, stderr: "" });
    expect(existsSync(logFile())).toBe(false);
    expect(existsSync(join(outside, ".archon"))).toBe(false);
  });
});
