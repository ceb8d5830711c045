import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ARCHON_BIN, forwardSlashes } from "../adapters/launcher.js";
import { type FakeClients, installFakeClients } from "../test-support/fake-clients.js";
import { commitAll } from "../test-support/git.js";
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
/** The project installed archon (and archon-prd) as dependencies, the way npm lays out their bins. */
const installArchon = () => {
  project.write("node_modules/.bin/archon", "#!/bin/sh\n");
  project.write("node_modules/.bin/archon-prd", "#!/bin/sh\n");
};
/** This checkout's archon-prd, which the running archon finds beside itself. */
const PRD_BIN = forwardSlashes(
  join(dirname(dirname(ARCHON_BIN)), "..", "prd-pipeline", "bin", "archon-prd.js"),
);
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

/** What an older setup registered, as it registered it: the admin surface, started by this checkout. */
const OLD_ADMIN = {
  command: "node",
  args: [ARCHON_BIN, "--surface", "admin", "--project-root", "/home/x/proj"],
};
const writeHome = (rel: string, text: string) => {
  mkdirSync(dirname(join(fakes.home, rel)), { recursive: true });
  writeFileSync(join(fakes.home, rel), text);
};
const readHome = (rel: string) => readFileSync(join(fakes.home, rel), "utf8");

describe("Claude Code in a project that installed archon", () => {
  beforeEach(installArchon);

  it("puts the agent surface and archon-prd in the committed .mcp.json, rooted by Claude Code's variable, and keeps the user's servers", () => {
    project.write(".mcp.json", JSON.stringify({ mcpServers: { other: { command: "x" } } }));
    const r = registerClient("claude", options());
    const config = readJson(".mcp.json");
    expect(Object.keys(config.mcpServers)).toEqual(["other", "archon", "archon-prd"]);
    expect(config.mcpServers["archon-prd"]).toEqual({
      command: "npx",
      args: ["--no-install", "--prefix", CLAUDE_ROOT, "archon-prd", "--project-root", CLAUDE_ROOT],
    });
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
    expect(r).toEqual({
      agent: "claude",
      shared: true,
      files: [
        { path: join(project.root, ".mcp.json"), action: "updated" },
        { path: join(project.root, ".mcp.json"), action: "updated" },
      ],
      machineFiles: [],
      personal: [],
      retired: [],
    });
  });

  it("registers no admin surface anywhere, and runs claude only to look for an older one", () => {
    registerClient("claude", options());
    registerClient("claude", options());
    expect(calls("claude")).toEqual([
      ["mcp", "get", "archon-admin"],
      ["mcp", "get", "archon-admin"],
    ]);
    expect(Object.keys(readJson(".mcp.json").mcpServers)).toEqual(["archon", "archon-prd"]);
  });
});

describe("a project an older setup registered the admin surface for", () => {
  it("takes archon-admin out of Claude Code's local scope, and says so", () => {
    fakes.run("claude", ["mcp", "add-json", "archon-admin", JSON.stringify(OLD_ADMIN), "--scope", "local"]);
    const r = registerClient("claude", options());
    expect(r.retired).toEqual([
      {
        server: "archon-admin",
        where: "Claude Code's local scope",
        status: "removed",
        instructions: "claude mcp remove archon-admin --scope local",
      },
    ]);
    expect(calls("claude").filter((a) => a[1] === "remove")).toEqual([
      ["mcp", "remove", "archon-admin", "--scope", "local"],
    ]);
    expect(registerClient("claude", options()).retired).toEqual([]);
  });

  it("leaves a server of the user's own that happens to be called archon-admin", () => {
    fakes.run("claude", [
      "mcp",
      "add-json",
      "archon-admin",
      '{"command":"my-tool","args":[]}',
      "--scope",
      "local",
    ]);
    expect(registerClient("claude", options()).retired).toEqual([]);
    expect(calls("claude").filter((a) => a[1] === "remove")).toEqual([]);
  });

  it("takes both archon tables out of Codex's global config and keeps every other line", () => {
    writeHome(
      ".codex/config.toml",
      [
        'model = "o4"',
        "",
        "[mcp_servers.archon]",
        'command = "node"',
        `args = ["${ARCHON_BIN}", "--surface", "agent"]`,
        "",
        "[mcp_servers.archon-admin]",
        'command = "node"',
        `args = ["${ARCHON_BIN}", "--surface", "admin"]`,
        "",
        "[mcp_servers.docs]",
        'command = "docs-server"',
        "",
      ].join("\n"),
    );
    const before = readHome(".codex/config.toml");
    const r = registerClient("codex", options());
    expect(readHome(".codex/config.toml")).toBe(
      'model = "o4"\n\n[mcp_servers.docs]\ncommand = "docs-server"\n',
    );
    // The person's file as it was, byte for byte, beside it: named in what setup says.
    const backups = readdirSync(join(fakes.home, ".codex")).filter((f) =>
      f.startsWith("config.toml.archon-backup-"),
    );
    expect(backups.map((f) => readHome(`.codex/${f}`))).toEqual([before]);
    const kept = `the file as it was is kept at ${join(fakes.home, ".codex", backups[0] ?? "")}`;
    expect(r.retired.map((x) => x.detail)).toEqual([kept, kept]);
    expect(r.retired.map((x) => [x.server, x.where, x.status])).toEqual([
      ["archon", "Codex's global config", "removed"],
      ["archon-admin", "Codex's global config", "removed"],
    ]);
    expect(calls("codex")).toEqual([]);
  });

  it("leaves a global Codex table called archon whose command is not archon's", () => {
    writeHome(".codex/config.toml", '[mcp_servers.archon]\ncommand = "my-tool"\n');
    expect(registerClient("codex", options()).retired).toEqual([]);
    expect(readHome(".codex/config.toml")).toBe('[mcp_servers.archon]\ncommand = "my-tool"\n');
  });

  it("takes the entries older setups printed for ~/.cursor/mcp.json out of it, keeping the user's", () => {
    writeHome(
      ".cursor/mcp.json",
      JSON.stringify({ mcpServers: { mine: { command: "x" }, "archon-admin": OLD_ADMIN } }),
    );
    const r = registerClient("cursor", options());
    expect(JSON.parse(readHome(".cursor/mcp.json"))).toEqual({ mcpServers: { mine: { command: "x" } } });
    expect(r.retired.map((x) => [x.server, x.status])).toEqual([["archon-admin", "removed"]]);
  });

  it("only says what it would remove on a dry run", () => {
    fakes.run("claude", ["mcp", "add-json", "archon-admin", JSON.stringify(OLD_ADMIN), "--scope", "local"]);
    writeHome(
      ".codex/config.toml",
      `[mcp_servers.archon-admin]\ncommand = "node"\nargs = ["${ARCHON_BIN}"]\n`,
    );
    const before = readHome(".codex/config.toml");
    expect(registerClient("claude", options({ dryRun: true })).retired[0]?.status).toBe("planned");
    expect(registerClient("codex", options({ dryRun: true })).retired[0]?.status).toBe("planned");
    expect(readHome(".codex/config.toml")).toBe(before);
    expect(calls("claude").filter((a) => a[1] !== "get" && a[1] !== "add-json")).toEqual([]);
  });
});

describe("Claude Code in a project that did not install archon", () => {
  it("registers the agent surface in the local scope and takes the old machine-path entry out of .mcp.json", () => {
    const old = { command: "node", args: ["/home/x/archon/bin/archon.js", "--project-root", "/home/x/proj"] };
    project.write(".mcp.json", JSON.stringify({ mcpServers: { other: { command: "x" }, archon: old } }));
    const r = registerClient("claude", options());
    expect(readJson(".mcp.json")).toEqual({ mcpServers: { other: { command: "x" } } });
    expect(r.shared).toBe(false);
    expect(r.files).toEqual([{ path: join(project.root, ".mcp.json"), action: "updated" }]);
    expect(r.personal.map((p) => [p.servers, p.status])).toEqual([
      [["archon"], "registered"],
      [["archon-prd"], "registered"],
    ]);
    const added = calls("claude").filter((a) => a[1] === "add-json");
    expect(added.map((a) => [a[2], JSON.parse(a[3] ?? "{}"), a[5]])).toEqual([
      [
        "archon",
        { command: "node", args: [ARCHON_BIN, "--surface", "agent", "--project-root", project.root] },
        "local",
      ],
      ["archon-prd", { command: "node", args: [PRD_BIN, "--project-root", project.root] }, "local"],
    ]);
  });

  it("writes no .mcp.json, leaves a user's own archon server alone, and prints the command without claude", () => {
    const r = registerClient("claude", options({ env: { ...env(), PATH: "" } }));
    expect(existsSync(join(project.root, ".mcp.json"))).toBe(false);
    expect(r.files).toEqual([]);
    expect(r.personal.map((p) => [p.servers, p.status])).toEqual([
      [["archon"], "manual"],
      [["archon-prd"], "manual"],
    ]);
    expect(r.personal[0]?.instructions).toMatch(
      /^claude mcp add-json archon '\{"command":"node","args":\[.*"agent".*\]\}' --scope local$/,
    );
    project.write(".mcp.json", JSON.stringify({ mcpServers: { archon: { command: "my-own-server" } } }));
    expect(registerClient("claude", options({ env: { ...env(), PATH: "" } })).files).toEqual([]);
  });
});

describe("Cursor", () => {
  it("with archon installed, writes .cursor/mcp.json rooted by the workspace folder variable and nothing personal", () => {
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
    expect([r.shared, r.machineFiles, r.personal]).toEqual([true, [], []]);
  });

  it("without archon installed, writes this machine's entry in the project and marks the file as machine-specific", () => {
    const r = registerClient("cursor", options());
    expect(readJson(".cursor/mcp.json")).toEqual({
      mcpServers: {
        archon: { command: "node", args: [ARCHON_BIN, "--surface", "agent", "--project-root", CURSOR_ROOT] },
      },
    });
    expect([r.shared, r.machineFiles, r.personal]).toEqual([false, [".cursor/mcp.json"], []]);
  });

  it("takes an archon-admin entry out of the project's .cursor/mcp.json", () => {
    installArchon();
    project.write(".cursor/mcp.json", JSON.stringify({ mcpServers: { "archon-admin": OLD_ADMIN } }));
    registerClient("cursor", options());
    expect(Object.keys(readJson(".cursor/mcp.json").mcpServers)).toEqual(["archon"]);
  });
});

describe("Codex", () => {
  it("with archon installed, sets the archon table in .codex/config.toml without touching the rest, and runs no codex", () => {
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
    expect([r.shared, r.personal, r.retired]).toEqual([true, [], []]);
    expect(calls("codex")).toEqual([]);
    expect(registerClient("codex", options()).files[0]?.action).toBe("unchanged");
  });

  it("without archon installed, writes this machine's entry to the project's config, never the global one", () => {
    project.write(
      ".codex/config.toml",
      'model = "o4"\n\n[mcp_servers.archon-admin]\ncommand = "node"\nargs = ["/x/archon.js"]\n',
    );
    const r = registerClient("codex", options());
    expect(readFileSync(join(project.root, ".codex/config.toml"), "utf8")).toBe(
      `model = "o4"\n\n[mcp_servers.archon]\ncommand = "node"\nargs = ["${ARCHON_BIN}", "--surface", "agent"]\n`,
    );
    expect([r.shared, r.machineFiles, r.personal]).toEqual([false, [".codex/config.toml"], []]);
    expect(existsSync(join(fakes.home, ".codex"))).toBe(false);
    expect(calls("codex")).toEqual([]);
  });

  it("without archon installed, leaves a .codex/config.toml git tracks alone and shows the entry to add", () => {
    project.write(".codex/config.toml", 'model = "o4"\n');
    commitAll(project.root, "codex config", true);
    const r = registerClient("codex", options());
    expect(readFileSync(join(project.root, ".codex/config.toml"), "utf8")).toBe('model = "o4"\n');
    expect([r.files, r.machineFiles]).toEqual([[], []]);
    expect(r.personal).toEqual([
      {
        servers: ["archon"],
        status: "manual",
        instructions: `Add to .codex/config.toml and do not commit it: [mcp_servers.archon]\ncommand = "node"\nargs = ["${ARCHON_BIN}", "--surface", "agent"]`,
        detail:
          "git tracks .codex/config.toml and archon is not installed in this project, so an entry there would commit this machine's path; setup leaves the file alone. Installing archon in the project makes the entry portable.",
      },
    ]);
  });

  it("changes nothing and runs nothing on a dry run", () => {
    installArchon();
    const r = registerClient("codex", options({ dryRun: true }));
    expect(r.files[0]?.action).toBe("created");
    expect(existsSync(join(project.root, ".codex"))).toBe(false);
    expect(calls("codex")).toEqual([]);
  });
});

describe("Gemini CLI", () => {
  const SETTINGS =
    '{\n    "theme": "Dracula",\n    "mcpServers": { "mine": { "command": "uvx", "args": ["mine"] } }\n}\n';

  it("with archon installed, merges a portable entry into .gemini/settings.json, keeps the person's settings and a byte-for-byte copy", () => {
    installArchon();
    project.write(".gemini/settings.json", SETTINGS);
    const r = registerClient("gemini", options());
    expect(readJson(".gemini/settings.json")).toEqual({
      theme: "Dracula",
      mcpServers: {
        mine: { command: "uvx", args: ["mine"] },
        archon: { command: "npx", args: ["--no-install", "archon", "--surface", "agent"] },
      },
    });
    const [copy] = readdirSync(join(project.root, ".gemini")).filter((f) => f.includes(".archon-backup-"));
    expect(readFileSync(join(project.root, ".gemini", copy ?? ""), "utf8")).toBe(SETTINGS);
    expect(r).toEqual({
      agent: "gemini",
      shared: true,
      files: [
        {
          path: join(project.root, ".gemini/settings.json"),
          action: "updated",
          backup: join(project.root, ".gemini", copy ?? ""),
        },
      ],
      machineFiles: [],
      personal: [],
      retired: [],
      untrusted: `start gemini in ${project.root} and choose "Trust folder" in its trust dialog (later: /permissions in a session)`,
    });
    const again = registerClient("gemini", options());
    expect(again.files).toEqual([{ path: join(project.root, ".gemini/settings.json"), action: "unchanged" }]);
  });

  it("without archon installed, writes this machine's entry and keeps the file out of git", () => {
    const r = registerClient("gemini", options());
    expect(readJson(".gemini/settings.json")).toEqual({
      mcpServers: { archon: { command: "node", args: [ARCHON_BIN, "--surface", "agent"] } },
    });
    expect([r.shared, r.machineFiles, r.personal]).toEqual([false, [".gemini/settings.json"], []]);
  });

  it("leaves a settings file it cannot read as JSON as it is, and shows the entry to add", () => {
    installArchon();
    const commented = '{\n  // my theme\n  "theme": "Dracula"\n}\n';
    project.write(".gemini/settings.json", commented);
    const r = registerClient("gemini", options());
    expect(readFileSync(join(project.root, ".gemini/settings.json"), "utf8")).toBe(commented);
    expect(r.files).toEqual([]);
    expect(r.personal.map((p) => [p.status, p.instructions])).toEqual([
      [
        "manual",
        'Add to .gemini/settings.json: {"mcpServers":{"archon":{"command":"npx","args":["--no-install","archon","--surface","agent"]}}}',
      ],
    ]);
  });

  it("says nothing about trust once Gemini CLI lists the folder, or its parent, as trusted", () => {
    writeHome(".gemini/trustedFolders.json", JSON.stringify({ [project.root]: "TRUST_FOLDER" }));
    expect(registerClient("gemini", options()).untrusted).toBeUndefined();
    writeHome(".gemini/trustedFolders.json", JSON.stringify({ [join(project.root, "x")]: "TRUST_PARENT" }));
    expect(registerClient("gemini", options()).untrusted).toBeUndefined();
    writeHome(".gemini/trustedFolders.json", JSON.stringify({ [project.root]: "DO_NOT_TRUST" }));
    expect(registerClient("gemini", options()).untrusted).toMatch(/^start gemini in /);
  });
});

describe("Codex's trusted projects", () => {
  it("says how to trust the project until Codex's config marks it trusted", () => {
    expect(registerClient("codex", options()).untrusted).toBe(
      `start codex in ${project.root} and answer yes when it asks to trust the folder, or add to ~/.codex/config.toml: [projects."${project.root}"] trust_level = "trusted"`,
    );
    writeHome(".codex/config.toml", `[projects."${project.root}"]\ntrust_level = "trusted"\n`);
    expect(registerClient("codex", options()).untrusted).toBeUndefined();
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
