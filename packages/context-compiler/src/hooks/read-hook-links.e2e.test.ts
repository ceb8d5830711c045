import { spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ARCHON_BIN } from "../test-support/stdio-client.js";

// The attacker's side of the Read hook: a repository that commits links where the hook keeps its log, and
// a file whose name is a shell command. The hook runs as Claude Code and Cursor run it, the built command.
let base: string;
let root: string;
let home: string;
const BASHRC = '# ~/.bashrc\nexport PATH="$HOME/bin:$PATH"\n';
const HOSTILE = "a$(touch pwned).md";

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "archon-read-links-"));
  root = join(base, "project");
  home = join(base, "home");
  mkdirSync(join(root, ".archon"), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(home, ".bashrc"), BASHRC);
  writeFileSync(join(root, HOSTILE), "# planted\n");
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** Every name under the outside folder with its bytes: what must not change. */
const outsideState = () =>
  readdirSync(home, { recursive: true, encoding: "utf8" })
    .sort()
    .map((name) => {
      const path = join(home, name);
      return [name, statSync(path).isFile() ? readFileSync(path, "utf8") : "<dir>"];
    });

/** The agent reads the hostile file; Claude Code runs the hook with the project in CLAUDE_PROJECT_DIR. */
function claudeRead() {
  const r = spawnSync(process.execPath, [ARCHON_BIN, "record-read", "--hook"], {
    input: JSON.stringify({
      session_id: "sess-1",
      cwd: root,
      hook_event_name: "PostToolUse",
      tool_name: "Read",
      tool_input: { file_path: join(root, HOSTILE) },
      tool_response: { type: "text", file: { filePath: join(root, HOSTILE), content: "# planted\n" } },
    }),
    encoding: "utf8",
    env: { ...process.env, CLAUDE_PROJECT_DIR: root },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function cursorRead() {
  const { CLAUDE_PROJECT_DIR: _unset, ...env } = process.env;
  const r = spawnSync(process.execPath, [ARCHON_BIN, "record-read", "--client", "cursor", "--hook"], {
    input: JSON.stringify({
      conversation_id: "conv-1",
      hook_event_name: "beforeReadFile",
      workspace_roots: [root],
      file_path: join(root, HOSTILE),
      content: "# planted\n",
    }),
    encoding: "utf8",
    env,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const refusal = (what: string) => expect.stringContaining(`archon record-read: Refused to write ${what}`);

describe("the Read hook with its log linked to a shell start-up file outside the project", () => {
  it("leaves the start-up file byte for byte as it was and says what it refused", () => {
    mkdirSync(join(root, ".archon/hooks"));
    symlinkSync(join(home, ".bashrc"), join(root, ".archon/hooks/reads.jsonl"));
    const before = outsideState();
    expect(claudeRead()).toEqual({
      code: 0,
      stdout: "",
      stderr: refusal(".archon/hooks/reads.jsonl: it is a symbolic link."),
    });
    expect(cursorRead()).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ permission: "allow" })}\n`,
      stderr: refusal(".archon/hooks/reads.jsonl: it is a symbolic link."),
    });
    expect(outsideState()).toEqual(before);
    expect(readFileSync(join(home, ".bashrc"), "utf8")).toBe(BASHRC);
    // Sourcing the start-up file runs nothing the repository planted.
    spawnSync("bash", ["-c", `cd "${home}" && . ./.bashrc`]);
    expect(outsideState()).toEqual(before);
  });

  it("refuses a relative link just the same", () => {
    mkdirSync(join(root, ".archon/hooks"));
    const target = relative(join(root, ".archon/hooks"), join(home, ".bashrc"));
    symlinkSync(target, join(root, ".archon/hooks/reads.jsonl"));
    const before = outsideState();
    expect(claudeRead()).toEqual({
      code: 0,
      stdout: "",
      stderr: refusal(".archon/hooks/reads.jsonl: it is a symbolic link."),
    });
    expect(outsideState()).toEqual(before);
  });
});

describe("the Read hook with its folder linked out of the project", () => {
  it("writes nothing through a linked .archon/hooks", () => {
    mkdirSync(join(home, "hooks"));
    symlinkSync(join(home, "hooks"), join(root, ".archon/hooks"));
    const before = outsideState();
    const r = claudeRead();
    expect(r).toEqual({ code: 0, stdout: "", stderr: refusal(".archon/hooks: the folder resolves to") });
    expect(outsideState()).toEqual(before);
  });

  it("writes nothing through a linked .archon", () => {
    rmSync(join(root, ".archon"), { recursive: true });
    mkdirSync(join(home, "state"));
    symlinkSync(join(home, "state"), join(root, ".archon"));
    const before = outsideState();
    const r = claudeRead();
    expect(r).toEqual({ code: 0, stdout: "", stderr: refusal(".archon/hooks: the folder resolves to") });
    expect(outsideState()).toEqual(before);
  });
});

describe("the Read hook in a project without links", () => {
  it("records the hostile name as data, inside the project only", () => {
    expect(claudeRead()).toEqual({ code: 0, stdout: "", stderr: "" });
    const line = JSON.parse(readFileSync(join(root, ".archon/hooks/reads.jsonl"), "utf8"));
    expect(line).toEqual({ path: HOSTILE, session_id: "sess-1", at: line.at });
    expect(readdirSync(root).sort()).toEqual([".archon", HOSTILE]);
  });
});
