import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ARCHON_BIN, forwardSlashes } from "../adapters/launcher.js";
import { type FakeClients, installFakeClients } from "../test-support/fake-clients.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { commandLine, mcpEntry } from "./mcp-entry.js";
import { registerClient } from "./register-clients.js";

let project: TestProject;
let fakes: FakeClients;
beforeEach(() => {
  project = tempProject();
  fakes = installFakeClients(join(project.root, ".fake-bin"));
});
afterEach(() => project.cleanup());

const env = () => fakes.env();
const calls = (cli: "claude" | "codex") => fakes.calls(cli);
/** The project installed archon as a dependency, the way npm lays out its bin. */
const installArchon = () => project.write("node_modules/.bin/archon", "#!/bin/sh\n");
const readJson = (rel: string) => JSON.parse(readFileSync(join(project.root, rel), "utf8"));
const options = (extra: { dryRun?: boolean; env?: NodeJS.ProcessEnv } = {}) => ({
  projectRoot: project.root,
  env: env(),
  ...extra,
});
// biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code's variable, expanded by Claude Code.
const CLAUDE_ROOT = "${CLAUDE_PROJECT_DIR:-.}";
// biome-ignore lint/suspicious/noTemplateCurlyInString: Cursor's variable, expanded by Cursor.
const CURSOR_ROOT = "${workspaceFolder}";

describe("Claude Code in a project that installed archon", () => {
  beforeEach(installArchon);

  it("puts the agent surface in the committed .mcp.json, rooted by Claude Code's variable, and keeps the user's servers", () => {
    project.write(".mcp.json", JSON.stringify({ mcpServers: { other: { command: "x" } } }));
    const r = registerClient("claude", options());
    const config = readJson(".mcp.json");
    expect(Object.keys(config.mcpServers)).toEqual(["other", "archon"]);
    expect(config.mcpServers.archon).toEqual({
      command: "npx",
      args: [
        "--no-install",
        "--prefix",
        CLAUDE_ROOT,
        "archon",
        "--surface",
        "agent",
        "--project-root",
        CLAUDE_ROOT,
      ],
    });
    expect(JSON.stringify(config)).not.toContain(project.root);
    expect(r.shared).toBe(true);
    expect(r.files).toEqual([{ path: join(project.root, ".mcp.json"), action: "updated" }]);
  });

  it("registers the admin surface in the local scope through claude's own CLI, once", () => {
    const first = registerClient("claude", options());
    expect(first.personal.map((p) => [p.servers, p.status])).toEqual([[["archon-admin"], "registered"]]);
    const second = registerClient("claude", options());
    expect(second.personal[0]?.status).toBe("present");
    expect(second.files[0]?.action).toBe("unchanged");
    const adds = calls("claude").filter((a) => a[1] === "add-json");
    expect(adds).toHaveLength(1);
    expect(adds[0]?.slice(0, 3)).toEqual(["mcp", "add-json", "archon-admin"]);
    expect(adds[0]?.slice(4)).toEqual(["--scope", "local"]);
    expect(JSON.parse(adds[0]?.[3] ?? "{}").args).toEqual([
      "--no-install",
      "--prefix",
      project.root,
      "archon",
      "--surface",
      "admin",
      "--project-root",
      project.root,
    ]);
  });
});

describe("Claude Code in a project that did not install archon", () => {
  it("registers both surfaces in the local scope and takes the old machine-path entry out of .mcp.json", () => {
    const old = { command: "node", args: ["/home/x/archon/bin/archon.js", "--project-root", "/home/x/proj"] };
    project.write(".mcp.json", JSON.stringify({ mcpServers: { other: { command: "x" }, archon: old } }));
    const r = registerClient("claude", options());
    expect(readJson(".mcp.json")).toEqual({ mcpServers: { other: { command: "x" } } });
    expect(r.shared).toBe(false);
    expect(r.files).toEqual([{ path: join(project.root, ".mcp.json"), action: "updated" }]);
    expect(r.personal.map((p) => [p.servers, p.status])).toEqual([
      [["archon"], "registered"],
      [["archon-admin"], "registered"],
    ]);
    const added = calls("claude").filter((a) => a[1] === "add-json");
    expect(added.map((a) => [a[2], JSON.parse(a[3] ?? "{}"), a[5]])).toEqual([
      [
        "archon",
        { command: "node", args: [ARCHON_BIN, "--surface", "agent", "--project-root", project.root] },
        "local",
      ],
      [
        "archon-admin",
        { command: "node", args: [ARCHON_BIN, "--surface", "admin", "--project-root", project.root] },
        "local",
      ],
    ]);
  });

  it("writes no .mcp.json, leaves a user's own archon server alone, and prints the commands without claude", () => {
    const r = registerClient("claude", options({ env: { ...env(), PATH: "" } }));
    expect(existsSync(join(project.root, ".mcp.json"))).toBe(false);
    expect(r.files).toEqual([]);
    expect(r.personal.map((p) => p.status)).toEqual(["manual", "manual"]);
    expect(r.personal[1]?.instructions).toMatch(
      /^claude mcp add-json archon-admin '\{"command":"node","args":\[.*"admin".*\]\}' --scope local$/,
    );
    project.write(".mcp.json", JSON.stringify({ mcpServers: { archon: { command: "my-own-server" } } }));
    expect(registerClient("claude", options({ env: { ...env(), PATH: "" } })).files).toEqual([]);
  });
});

describe("Cursor", () => {
  it("with archon installed, writes .cursor/mcp.json rooted by the workspace folder variable and explains the personal admin entry", () => {
    installArchon();
    const r = registerClient("cursor", options());
    expect(readJson(".cursor/mcp.json")).toEqual({
      mcpServers: {
        archon: {
          command: "npx",
          args: [
            "--no-install",
            "--prefix",
            CURSOR_ROOT,
            "archon",
            "--surface",
            "agent",
            "--project-root",
            CURSOR_ROOT,
          ],
        },
      },
    });
    expect(r.personal).toEqual([
      {
        servers: ["archon-admin"],
        status: "manual",
        instructions: expect.stringContaining("~/.cursor/mcp.json"),
        detail: "Cursor has no command to add a server.",
      },
    ]);
  });

  it("without archon installed, writes nothing in the project and shows both servers for ~/.cursor/mcp.json", () => {
    const r = registerClient("cursor", options());
    expect(existsSync(join(project.root, ".cursor"))).toBe(false);
    const json = JSON.parse(r.personal[0]?.instructions.replace(/^[^{]*/, "") ?? "{}");
    expect(json.mcpServers.archon).toEqual({
      command: "node",
      args: [ARCHON_BIN, "--surface", "agent", "--project-root", CURSOR_ROOT],
    });
    expect(Object.keys(json.mcpServers)).toEqual(["archon", "archon-admin"]);
  });
});

describe("Codex", () => {
  it("with archon installed, sets the archon table in .codex/config.toml without touching the rest, and adds admin through codex", () => {
    installArchon();
    project.write(
      ".codex/config.toml",
      'model = "o4"\n\n[mcp_servers.archon]\ncommand = "old"\n\n[profiles.fast]\nmodel = "mini"\n',
    );
    const r = registerClient("codex", options());
    expect(readFileSync(join(project.root, ".codex/config.toml"), "utf8")).toBe(
      [
        'model = "o4"',
        "",
        "[mcp_servers.archon]",
        'command = "npx"',
        'args = ["--no-install", "archon", "--surface", "agent"]',
        "",
        "[profiles.fast]",
        'model = "mini"',
        "",
      ].join("\n"),
    );
    expect(r.personal.map((p) => [p.servers, p.status])).toEqual([[["archon-admin"], "registered"]]);
    expect(calls("codex").at(-1)).toEqual([
      "mcp",
      "add",
      "archon-admin",
      "--",
      "npx",
      "--no-install",
      "archon",
      "--surface",
      "admin",
    ]);
    expect(registerClient("codex", options()).files[0]?.action).toBe("unchanged");
  });

  it("without archon installed, adds both servers to the user's own config and takes the old table out", () => {
    project.write(
      ".codex/config.toml",
      'model = "o4"\n\n[mcp_servers.archon]\ncommand = "node"\nargs = ["/home/x/archon/bin/archon.js"]\n\n[profiles.fast]\nmodel = "mini"\n',
    );
    const r = registerClient("codex", options());
    expect(readFileSync(join(project.root, ".codex/config.toml"), "utf8")).toBe(
      'model = "o4"\n\n[profiles.fast]\nmodel = "mini"\n',
    );
    expect(r.shared).toBe(false);
    expect(calls("codex").filter((a) => a[1] === "add")).toEqual([
      ["mcp", "add", "archon", "--", "node", ARCHON_BIN, "--surface", "agent"],
      ["mcp", "add", "archon-admin", "--", "node", ARCHON_BIN, "--surface", "admin"],
    ]);
  });

  it("changes nothing and runs nothing on a dry run", () => {
    installArchon();
    const r = registerClient("codex", options({ dryRun: true }));
    expect(r.files[0]?.action).toBe("created");
    expect(r.personal[0]?.status).toBe("planned");
    expect(existsSync(join(project.root, ".codex"))).toBe(false);
    expect(calls("codex")).toEqual([]);
  });
});

describe("Windows paths", () => {
  it("writes forward slashes and no shell syntax into client config", () => {
    const entry = mcpEntry("admin", { local: false, root: forwardSlashes("C:\\Users\\dev\\shop") });
    expect(entry.args.slice(1)).toEqual(["--surface", "admin", "--project-root", "C:/Users/dev/shop"]);
    expect(ARCHON_BIN).not.toContain("\\");
    expect(JSON.stringify(entry)).not.toMatch(/\\\\|\$PWD|\$\(/);
    expect(forwardSlashes("D:\\a\\b")).toBe("D:/a/b");
  });

  it("quotes only the words that need it when printing a command", () => {
    expect(
      commandLine(["codex", "mcp", "add", "archon-admin", "--", "node", "C:/Program Files/archon.js"]),
    ).toBe("codex mcp add archon-admin -- node 'C:/Program Files/archon.js'");
  });
});
