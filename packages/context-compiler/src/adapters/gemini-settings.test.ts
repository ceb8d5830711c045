import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { listAdapterMeta } from "../store/adapter-meta.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { adapterConfig } from "./adapter-config.js";
import { deployAdapters } from "./deploy-adapters.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-gemini-settings-");
});
afterEach(() => project.cleanup());

const read = (rel: string) => readFileSync(join(project.root, rel), "utf8");
function deploy() {
  const ctx = project.context("admin");
  const config = adapterConfig({ version: "1.0.0", projectRoot: project.root, env: {} });
  const result = deployAdapters(writeContext(ctx), { targets: ["gemini"], config });
  const meta = listAdapterMeta(ctx.kdb.db).map((m) => m.piece);
  return { result, meta, file: (piece: string) => result.files.find((f) => f.piece === piece) };
}

/** Archon installed in the project: the committed settings start it through npx, with no machine path. */
const installed = () => project.write("node_modules/.bin/archon", "#!/bin/sh\n");
const RUN = "npx --no-install --prefix $GEMINI_PROJECT_DIR archon --project-root $GEMINI_PROJECT_DIR";
const hook = (sub: string) => ({
  type: "command",
  command: `${RUN} ${sub} --client gemini --hook`,
  name: `archon-${sub}`,
});
const ARCHON_HOOKS = {
  SessionStart: [{ hooks: [hook("sync-rules"), hook("reindex-symbols")] }],
  BeforeAgent: [{ hooks: [hook("sync-rules")] }],
  AfterTool: [
    { matcher: "^mcp_archon_archon_observe$", hooks: [hook("sync-rules")] },
    { matcher: "^(read_file|run_shell_command)$", hooks: [hook("record-read")] },
  ],
};

describe("archon's hooks in Gemini CLI's .gemini/settings.json", () => {
  beforeEach(installed);

  it("go beside the person's server entries, hooks and hook settings, and a redeploy is byte-identical", () => {
    const mine = { matcher: "write_file", hooks: [{ type: "command", command: "./lint.sh" }] };
    const settings = {
      mcpServers: { github: { command: "gh-mcp" } },
      hooks: { enabled: true, disabled: ["slow-hook"], BeforeTool: [mine] },
      ui: { theme: "Dracula" },
    };
    project.write(".gemini/settings.json", `${JSON.stringify(settings, null, 2)}\n`);
    expect(deploy().file("gemini-settings-hooks")).toEqual({
      target: "gemini",
      piece: "gemini-settings-hooks",
      path: ".gemini/settings.json",
      action: "updated",
    });
    const first = read(".gemini/settings.json");
    expect(JSON.parse(first)).toEqual({ ...settings, hooks: { ...settings.hooks, ...ARCHON_HOOKS } });
    const again = deploy();
    expect(again.file("gemini-settings-hooks")?.action).toBe("unchanged");
    expect(read(".gemini/settings.json")).toBe(first);
    expect(again.meta).toContain("gemini-settings-hooks");
    // Written as archon writes JSON before: nothing of the person's is lost, so no copy is kept.
    expect(readdirSync(join(project.root, ".gemini")).filter((f) => f.includes("archon-backup"))).toEqual([]);
  });

  it("keep a byte-for-byte copy of a file laid out the person's own way before it is rewritten", () => {
    const theirs = '{"ui": {"theme": "Dracula"},\n   "general": {"vimMode": true}}';
    project.write(".gemini/settings.json", theirs);
    deploy();
    const [copy] = readdirSync(join(project.root, ".gemini")).filter((f) => f.includes(".archon-backup-"));
    expect(read(`.gemini/${copy}`)).toBe(theirs);
    expect(JSON.parse(read(".gemini/settings.json"))).toEqual({
      ui: { theme: "Dracula" },
      general: { vimMode: true },
      hooks: ARCHON_HOOKS,
    });
  });

  it("leave a file with comments or a malformed hooks value alone, and deploy the rest", () => {
    for (const text of ['{\n  // my settings\n  "ui": {}\n}\n', '{"hooks": {"BeforeAgent": {}}}']) {
      project.write(".gemini/settings.json", text);
      const { result, meta } = deploy();
      expect(result.files.find((f) => f.piece === "gemini-settings-hooks")).toMatchObject({
        action: "conflict",
        reason: expect.stringMatching(/^\.gemini\/settings\.json[: ].+; left untouched$/),
      });
      expect(read(".gemini/settings.json")).toBe(text);
      expect(meta).not.toContain("gemini-settings-hooks");
      expect(read("GEMINI.md")).toContain("<!-- archon:start -->");
    }
  });
});

describe("the hooks while archon runs from a checkout", () => {
  it("are not written: Gemini CLI has no personal project settings to hold this machine's path", () => {
    project.write(".gemini/settings.json", '{"ui": {}}\n');
    const { file } = deploy();
    expect(file("gemini-settings-hooks")).toEqual({
      target: "gemini",
      piece: "gemini-settings-hooks",
      path: ".gemini/settings.json",
      action: "skipped",
      reason:
        "its hook commands would name this machine's archon; install archon in the project (npm install -D) and deploy again",
    });
    expect(read(".gemini/settings.json")).toBe('{"ui": {}}\n');
  });
});

describe("Gemini CLI's custom commands", () => {
  beforeEach(installed);

  it("are written as /archon:context and /archon:verify, asking for archon's tools by their names", () => {
    const { file } = deploy();
    expect([file("command:archon/context")?.action, file("command:archon/verify")?.action]).toEqual([
      "created",
      "created",
    ]);
    const context = read(".gemini/commands/archon/context.toml");
    expect(context.split("\n").slice(0, 3)).toEqual([
      "# archon:managed-command",
      'description = "Compile archon\'s rules for the files you are about to change"',
      'prompt = """',
    ]);
    expect(context).toContain("call `archon_compile_context` with `target_files`");
    expect(context).toContain("Files: {{args}}\n");
    expect(read(".gemini/commands/archon/verify.toml")).toContain(
      "Call `archon_verify_done` with `changed_files`",
    );
  });

  it("never overwrite a command file the person wrote", () => {
    const theirs = 'description = "My own context command"\nprompt = "Read the docs first."\n';
    project.write(".gemini/commands/archon/context.toml", theirs);
    expect(deploy().file("command:archon/context")).toEqual({
      target: "gemini",
      piece: "command:archon/context",
      path: ".gemini/commands/archon/context.toml",
      action: "conflict",
      reason: "hand-written (no # archon:managed-command); left untouched",
    });
    expect(read(".gemini/commands/archon/context.toml")).toBe(theirs);
  });
});
