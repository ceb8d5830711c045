import { spawnSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../test-support/project.js";
import { runCli } from "../test-support/run-cli.js";
import { ARCHON_BIN } from "../test-support/stdio-client.js";

// The whole path at the terminal: a compile delivers two rules, Codex reads one of them with a shell
// command, its hook records the read, and eval stops calling that delivery unnecessary, before and after
// prune-log folds the compile away.
let project: TestProject;
const archon = (...args: string[]) => runCli(project.root, ["--project-root", project.root, ...args]);
const evalReport = () => {
  const r = JSON.parse(archon("eval", "--json").stdout);
  return { read: r.read, unnecessary: r.unnecessary };
};

beforeEach(() => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  project.write("docs/api.md", "Use the client.\n");
  project.write("docs/style.md", "Two spaces.\n");
  project.write(
    "archon.seed.yaml",
    [
      "documents:",
      "  - { doc_id: api, title: API, file: docs/api.md, patterns: ['src/api/**'] }",
      "  - { doc_id: style, title: Style, file: docs/style.md, patterns: ['src/**'] }",
      "",
    ].join("\n"),
  );
  expect(archon("seed", "archon.seed.yaml").code).toBe(0);
  expect(archon("compile", "src/api/users.ts", "--json").code).toBe(0);
});
afterEach(() => project.cleanup());

/** Codex's PostToolUse hook as its hooks.json runs it: no root on the line, the session's folder in the input. */
function codexRead(command: string) {
  const input = JSON.stringify({
    session_id: "thread-1",
    cwd: project.root,
    hook_event_name: "PostToolUse",
    tool_name: "Bash",
    tool_input: { command },
    tool_response: "",
  });
  const { CLAUDE_PROJECT_DIR: _unset, ...env } = process.env;
  return spawnSync(process.execPath, [ARCHON_BIN, "record-read", "--hook"], { input, env, encoding: "utf8" });
}

describe("a rule Codex read with a shell command", () => {
  it("turns from unnecessary into read, and stays read after prune-log", () => {
    const both = [
      { doc_id: "api", delivered: 1, inline: 1, deferred: 0 },
      { doc_id: "style", delivered: 1, inline: 1, deferred: 0 },
    ];
    expect(evalReport()).toEqual({ read: [], unnecessary: both });
    expect(codexRead(`bash -lc "sed -n '1,40p' docs/api.md"`).status).toBe(0);
    const afterRead = {
      read: [{ doc_id: "api", source_path: "docs/api.md", delivered: 1, read: 1 }],
      unnecessary: [{ doc_id: "style", delivered: 1, inline: 1, deferred: 0 }],
    };
    expect(evalReport()).toEqual(afterRead);
    const pruned = JSON.parse(archon("prune-log", "--older-than", "0", "--json").stdout);
    expect([pruned.compiles_folded, pruned.reads_folded]).toEqual([1, 1]);
    expect(evalReport()).toEqual(afterRead);
  });
});
