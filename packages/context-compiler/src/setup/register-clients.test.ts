import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../test-support/project.js";
import { commandLine, forwardSlashes, mcpEntry } from "./mcp-entry.js";
import { registerClient } from "./register-clients.js";

// `claude` and `codex` are not installed here: these are small local fakes of their `mcp get` and
// `mcp add*` commands. Each records its arguments and remembers what was added in a state file.
const FAKE_CLI = `#!/usr/bin/env node
const fs = require("node:fs");
const path = require("node:path");
const dir = process.env.FAKE_CLI_DIR;
const name = path.basename(process.argv[1]);
const args = process.argv.slice(2);
fs.appendFileSync(path.join(dir, name + ".log"), JSON.stringify(args) + "\\n");
const state = path.join(dir, name + ".state");
const added = fs.existsSync(state) ? fs.readFileSync(state, "utf8").split("\\n") : [];
if (args[1] === "get") process.exit(added.includes(args[2]) ? 0 : 1);
fs.appendFileSync(state, args[2] + "\\n");
`;

let project: TestProject;
let bin: string;
beforeEach(() => {
  project = tempProject();
  bin = join(project.root, ".fake-bin");
  mkdirSync(bin);
  for (const cli of ["claude", "codex"]) {
    writeFileSync(join(bin, cli), FAKE_CLI.replace("#!/usr/bin/env node", `#!${process.execPath}`));
    chmodSync(join(bin, cli), 0o755);
  }
});
afterEach(() => project.cleanup());

const env = () => ({ ...process.env, PATH: bin, FAKE_CLI_DIR: bin });
const calls = (cli: string) =>
  existsSync(join(bin, `${cli}.log`))
    ? readFileSync(join(bin, `${cli}.log`), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as string[])
    : [];
const ARCHON = "/opt/archon/packages/context-compiler/bin/archon.js";

describe("Claude Code", () => {
  it("puts only the agent surface in the committed .mcp.json and keeps the user's servers", () => {
    project.write(".mcp.json", JSON.stringify({ mcpServers: { other: { command: "x" } } }));
    const r = registerClient("claude", { projectRoot: project.root, env: env(), bin: ARCHON });
    const config = JSON.parse(readFileSync(join(project.root, ".mcp.json"), "utf8"));
    expect(Object.keys(config.mcpServers)).toEqual(["other", "archon"]);
    expect(config.mcpServers.archon).toEqual({
      command: "node",
      args: [ARCHON, "--surface", "agent", "--db", ".archon/archon.db", "--project-root", project.root],
    });
    expect(r.files).toEqual([{ path: join(project.root, ".mcp.json"), action: "updated" }]);
  });

  it("registers the admin surface in the local scope through claude's own CLI, once", () => {
    const first = registerClient("claude", { projectRoot: project.root, env: env(), bin: ARCHON });
    expect(first.admin.status).toBe("registered");
    const second = registerClient("claude", { projectRoot: project.root, env: env(), bin: ARCHON });
    expect(second.admin.status).toBe("present");
    expect(second.files[0]?.action).toBe("unchanged");
    const adds = calls("claude").filter((a) => a[1] === "add-json");
    expect(adds).toHaveLength(1);
    expect(adds[0]?.slice(0, 3)).toEqual(["mcp", "add-json", "archon-admin"]);
    expect(adds[0]?.slice(4)).toEqual(["--scope", "local"]);
    expect(JSON.parse(adds[0]?.[3] ?? "{}").args).toContain("admin");
  });

  it("prints the exact command when claude is not installed", () => {
    const r = registerClient("claude", {
      projectRoot: project.root,
      env: { ...env(), PATH: "" },
      bin: ARCHON,
    });
    expect(r.admin.status).toBe("manual");
    expect(r.admin.instructions).toMatch(
      /^claude mcp add-json archon-admin '\{"command":"node","args":\[.*"admin".*\]\}' --scope local$/,
    );
  });
});

describe("Cursor and Codex", () => {
  it("writes .cursor/mcp.json for the agent and explains the personal admin entry", () => {
    const r = registerClient("cursor", { projectRoot: project.root, env: env(), bin: ARCHON });
    const config = JSON.parse(readFileSync(join(project.root, ".cursor/mcp.json"), "utf8"));
    expect(Object.keys(config.mcpServers)).toEqual(["archon"]);
    expect(r.admin).toMatchObject({
      status: "manual",
      instructions: expect.stringContaining("~/.cursor/mcp.json"),
    });
  });

  it("sets the archon table in .codex/config.toml without touching the rest, and adds admin through codex", () => {
    project.write(
      ".codex/config.toml",
      'model = "o4"\n\n[mcp_servers.archon]\ncommand = "old"\n\n[profiles.fast]\nmodel = "mini"\n',
    );
    const r = registerClient("codex", { projectRoot: project.root, env: env(), bin: ARCHON });
    expect(readFileSync(join(project.root, ".codex/config.toml"), "utf8")).toBe(
      [
        'model = "o4"',
        "",
        "[mcp_servers.archon]",
        'command = "node"',
        `args = ["${ARCHON}", "--surface", "agent", "--db", ".archon/archon.db", "--project-root", "${project.root}"]`,
        "",
        "[profiles.fast]",
        'model = "mini"',
        "",
      ].join("\n"),
    );
    expect(r.admin.status).toBe("registered");
    expect(calls("codex").at(-1)?.slice(0, 5)).toEqual(["mcp", "add", "archon-admin", "--", "node"]);
    expect(
      registerClient("codex", { projectRoot: project.root, env: env(), bin: ARCHON }).files[0]?.action,
    ).toBe("unchanged");
  });

  it("changes nothing and runs nothing on a dry run", () => {
    const r = registerClient("codex", { projectRoot: project.root, env: env(), bin: ARCHON, dryRun: true });
    expect(r.files[0]?.action).toBe("created");
    expect(r.admin.status).toBe("planned");
    expect(existsSync(join(project.root, ".codex"))).toBe(false);
    expect(calls("codex")).toEqual([]);
  });
});

describe("Windows paths", () => {
  it("writes forward slashes and no shell syntax into client config", () => {
    const entry = mcpEntry(
      "agent",
      "C:\\Users\\dev\\shop",
      "C:\\tools\\archon\\packages\\context-compiler\\bin\\archon.js",
    );
    expect(entry.args).toEqual([
      "C:/tools/archon/packages/context-compiler/bin/archon.js",
      "--surface",
      "agent",
      "--db",
      ".archon/archon.db",
      "--project-root",
      "C:/Users/dev/shop",
    ]);
    expect(JSON.stringify(entry)).not.toMatch(/\\\\|\$PWD|\$\(/);
    expect(forwardSlashes("D:\\a\\b")).toBe("D:/a/b");
  });

  it("quotes only the words that need it when printing a command", () => {
    expect(
      commandLine(["codex", "mcp", "add", "archon-admin", "--", "node", "C:/Program Files/archon.js"]),
    ).toBe("codex mcp add archon-admin -- node 'C:/Program Files/archon.js'");
  });
});
