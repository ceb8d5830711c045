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

function hook(stdin: string, projectRoot = root) {
  const r = spawnSync(
    process.execPath,
    [ARCHON_BIN, "--project-root", projectRoot, "record-read", "--hook"],
    {
      input: stdin,
      encoding: "utf8",
    },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
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

  it("still exits 0 when the log cannot be written", () => {
    // A folder where the log file should be: the append fails, the agent's read does not.
    mkdirSync(logFile(), { recursive: true });
    expect(hook(readEvent(join(root, "docs/api.md")))).toEqual({ code: 0, stdout: "", stderr: "" });
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
