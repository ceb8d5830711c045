import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { listAdapterMeta } from "../store/adapter-meta.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { adapterConfig } from "./adapter-config.js";
import { deployAdapters } from "./deploy-adapters.js";
import { ARCHON_BIN } from "./launcher.js";
import type { Target } from "./render-targets.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-agent-hooks-");
});
afterEach(() => project.cleanup());

const read = (rel: string) => readFileSync(join(project.root, rel), "utf8");
const git = (...args: string[]) => spawnSync("git", args, { cwd: project.root, encoding: "utf8" });
function deploy(target: Target) {
  const ctx = project.context("admin");
  const config = adapterConfig({ version: "1.0.0", projectRoot: project.root, env: {} });
  const result = deployAdapters(writeContext(ctx), { targets: [target], config });
  const file = result.files.find((f) => f.piece === `${target}-hooks`);
  return { file, meta: listAdapterMeta(ctx.kdb.db).filter((m) => m.piece === `${target}-hooks`) };
}

/** Archon installed in the project: the committed files start it through npx, with no machine path. */
const installed = () => project.write("node_modules/.bin/archon", "#!/bin/sh\n");
const NPX = "npx --no-install archon";

describe("Codex's .codex/hooks.json", () => {
  beforeEach(installed);

  it("gets a PostToolUse hook on Bash beside the user's hooks, and a redeploy is byte-identical", () => {
    const mine = { matcher: "Bash", hooks: [{ type: "command", command: "python3 .codex/check.py" }] };
    const stop = [{ hooks: [{ type: "command", command: "./notify.sh", timeout: 30 }] }];
    project.write(".codex/hooks.json", JSON.stringify({ hooks: { PostToolUse: [mine], Stop: stop } }));
    expect(deploy("codex").file).toEqual({
      target: "codex",
      piece: "codex-hooks",
      path: ".codex/hooks.json",
      action: "updated",
    });
    const first = read(".codex/hooks.json");
    expect(JSON.parse(first)).toEqual({
      hooks: {
        PostToolUse: [
          mine,
          { matcher: "Bash", hooks: [{ type: "command", command: `${NPX} record-read --hook` }] },
        ],
        Stop: stop,
      },
    });
    const again = deploy("codex");
    expect(again.file?.action).toBe("unchanged");
    expect(read(".codex/hooks.json")).toBe(first);
    expect(again.meta.map((m) => [m.target, m.piece, m.path])).toEqual([
      ["codex", "codex-hooks", ".codex/hooks.json"],
    ]);
  });

  it("is created when there is none, naming no folder of this machine", () => {
    expect(deploy("codex").file?.action).toBe("created");
    const text = read(".codex/hooks.json");
    expect(JSON.parse(text)).toEqual({
      hooks: {
        PostToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: `${NPX} record-read --hook` }] },
        ],
      },
    });
    expect(text).not.toContain(project.root);
  });

  it("is left alone as a conflict when it is not JSON or not in Codex's shape", () => {
    for (const text of ["{ nope", '{"hooks": []}', '{"hooks": {"PostToolUse": {}}}']) {
      project.write(".codex/hooks.json", text);
      const { file, meta } = deploy("codex");
      expect(file?.action).toBe("conflict");
      expect(file?.reason).toMatch(/^\.codex\/hooks\.json[: ].+; left untouched$/);
      expect(read(".codex/hooks.json")).toBe(text);
      expect(meta).toEqual([]);
    }
  });
});

describe("Cursor's .cursor/hooks.json", () => {
  beforeEach(installed);

  it("gets beforeReadFile and afterShellExecution entries after the user's, and a redeploy is byte-identical", () => {
    const mine = { command: "./hooks/block-env.sh" };
    project.write(
      ".cursor/hooks.json",
      JSON.stringify({ version: 1, hooks: { beforeReadFile: [mine], stop: [{ command: "./done.sh" }] } }),
    );
    deploy("cursor");
    const first = read(".cursor/hooks.json");
    const command = `${NPX} record-read --client cursor --hook`;
    expect(JSON.parse(first)).toEqual({
      version: 1,
      hooks: {
        beforeReadFile: [mine, { command }],
        stop: [{ command: "./done.sh" }],
        afterShellExecution: [{ command }],
      },
    });
    expect(deploy("cursor").file?.action).toBe("unchanged");
    expect(read(".cursor/hooks.json")).toBe(first);
  });

  it("is created with Cursor's version field, and archon's entries are replaced in place on a later deploy", () => {
    deploy("cursor");
    const created = JSON.parse(read(".cursor/hooks.json"));
    expect(Object.keys(created)).toEqual(["version", "hooks"]);
    // The user adds a hook after archon's; archon's own entry is written back where it stood.
    created.hooks.beforeReadFile.push({ command: "./mine.sh" });
    created.hooks.beforeReadFile[0].command =
      "npx --no-install archon --project-root /old record-read --hook";
    project.write(".cursor/hooks.json", JSON.stringify(created));
    deploy("cursor");
    expect(JSON.parse(read(".cursor/hooks.json")).hooks.beforeReadFile).toEqual([
      { command: `${NPX} record-read --client cursor --hook` },
      { command: "./mine.sh" },
    ]);
  });

  it("is left alone as a conflict when malformed, and the rest of the target deploys", () => {
    project.write(".cursor/hooks.json", '{"version": 1, "hooks": {"beforeReadFile": "x"}}');
    const ctx = project.context("admin");
    const config = adapterConfig({ version: "1.0.0", projectRoot: project.root, env: {} });
    const result = deployAdapters(writeContext(ctx), { targets: ["cursor"], config });
    expect(result.files.find((f) => f.piece === "cursor-hooks")).toEqual({
      target: "cursor",
      piece: "cursor-hooks",
      path: ".cursor/hooks.json",
      action: "conflict",
      reason: ".cursor/hooks.json: hooks.beforeReadFile is not a list; left untouched",
    });
    expect(result.conflicts).toBe(1);
    expect(read(".cursor/rules/archon-process.mdc")).toContain("<!-- archon:managed -->");
  });
});

describe("the hook files while archon runs from a checkout", () => {
  it("name this checkout's bin and are kept out of git in this clone only", () => {
    git("init", "-q");
    deploy("codex");
    deploy("cursor");
    expect(JSON.parse(read(".codex/hooks.json")).hooks.PostToolUse[0].hooks[0].command).toBe(
      `node ${ARCHON_BIN} record-read --hook`,
    );
    expect(read(".git/info/exclude")).toContain(
      "# archon:start\n# Written by archon deploy-adapters: agent hook files that hold this machine's paths.\n/.claude/settings.local.json\n/.codex/hooks.json\n/.cursor/hooks.json\n# archon:end\n",
    );
    expect(git("check-ignore", "-q", ".codex/hooks.json").status).toBe(0);
    expect(git("check-ignore", "-q", ".cursor/hooks.json").status).toBe(0);
  });
});
