// archon and archon-prd packed, installed from their tarballs into a fresh git project, set up with
// `npx archon setup --yes`, and checked through the commands and through the real clients people use.
// Spawns npm, the packed bundles and the clients: run `npm run build` first; needs the npm registry.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderRulesFile } from "../../packages/context-compiler/src/knowledge/standing-rules/rules-file.js";
import {
  codexEntries,
  expandVariables,
  jsonEntries,
  projectConfigs,
  startFromEntry,
} from "../../packages/context-compiler/src/test-support/client-entries.js";
import { git } from "../../packages/context-compiler/src/test-support/git.js";
import { type InstalledShop, installedShop, RULE } from "./installed-shop.js";

/** What every compile of src/money.ts answers: the one seeded rule, inline. */
const MONEY_RULE = [{ doc_id: "money-cents", delivery: "inline", content: RULE }];

let shop: InstalledShop;
const run: InstalledShop["run"] = (...args) => shop.run(...args);
const npx = (...args: string[]) => shop.run(shop.project, "npx", args);
const write = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};

// One install for the whole file: packing and installing (better-sqlite3 builds its addon) take minutes.
beforeAll(() => {
  shop = installedShop();
}, 25 * 60_000);
afterAll(() => {
  if (shop) rmSync(shop.base, { recursive: true, force: true });
});

describe("the commands installed from the tarballs", () => {
  it("answer --help for archon, archon setup and archon-prd", () => {
    const usage = (r: ReturnType<typeof run>) => ({ code: r.code, usage: r.stdout.split("\n")[0] });
    expect(
      [npx("archon", "--help"), npx("archon", "setup", "--help"), npx("archon-prd", "--help")].map(usage),
    ).toEqual([
      { code: 0, usage: "Usage: archon [options] [command]" },
      { code: 0, usage: "Usage: archon setup [options]" },
      { code: 0, usage: "Usage: archon-prd [options] [command]" },
    ]);
  });

  it("compile the seeded rule for a file at the terminal", () => {
    const r = npx("archon", "compile", "src/money.ts", "--json");
    expect(r.code).toBe(0);
    const documents = JSON.parse(r.stdout).base.documents as Record<string, unknown>[];
    expect(documents.map(({ doc_id, delivery, content }) => ({ doc_id, delivery, content }))).toEqual(
      MONEY_RULE,
    );
  });
});

describe("native and WebAssembly dependencies of the installed package", () => {
  it("index symbols with the tree-sitter grammars (WebAssembly) into SQLite (better-sqlite3)", () => {
    const r = npx("archon", "reindex-symbols", "--json");
    expect(r.code).toBe(0);
    const index = JSON.parse(r.stdout);
    expect({ complete: index.complete, symbols: index.counts.symbols }).toEqual({
      complete: true,
      symbols: 1,
    });
  });

  it("load sqlite-vec into better-sqlite3 as archon resolves them", () => {
    // archon loads sqlite-vec only with an embeddings model running; this resolves both from its folder.
    const script = `
      const { createRequire } = require("node:module");
      const from = createRequire(require.resolve("archon/package.json"));
      const db = new (from("better-sqlite3"))(":memory:");
      from("sqlite-vec").load(db);
      console.log(db.prepare("select vec_version() as v").get().v);`;
    const r = run(shop.project, process.execPath, ["-e", script]);
    expect({ code: r.code, stdout: r.stdout.trim() }).toEqual({ code: 0, stdout: "v0.1.9" });
  });
});

describe("what setup wrote, as the real clients report it", () => {
  it("connects archon and archon-prd in `claude mcp list`, approved by setup --approve-mcp", () => {
    // Without the approval in .claude/settings.local.json each would show "Pending approval".
    const r = run(shop.project, "claude", ["mcp", "list"]);
    expect(r.code).toBe(0);
    // Each server's line: `<name>: <command as written> - <status>`.
    const status = Object.fromEntries(
      [...r.stdout.matchAll(/^([\w-]+): .* - (.+)$/gm)].map((m) => [m[1], m[2]?.trim()]),
    );
    expect(status).toEqual({ archon: "✔ Connected", "archon-prd": "✔ Connected" });
  });

  it("connects archon in `gemini mcp list`", () => {
    const r = run(shop.project, "gemini", ["mcp", "list"]);
    expect(r.code).toBe(0);
    const status = Object.fromEntries(
      [...`${r.stdout}\n${r.stderr}`.matchAll(/^\S+ ([\w-]+): .* - (\w+)$/gm)].map((m) => [m[1], m[2]]),
    );
    expect(status).toEqual({ archon: "Connected" });
  });

  it("lists archon enabled in `codex mcp list`, and a server started from that entry answers compile_context", async () => {
    // Codex's list reads the config without starting the server, so the entry is started as Codex starts
    // it: its command and args, in the project folder.
    const r = run(shop.project, "codex", ["mcp", "list", "--json"]);
    expect(r.code).toBe(0);
    const listed = (
      JSON.parse(r.stdout) as {
        name: string;
        enabled: boolean;
        transport: { command: string; args: string[] };
      }[]
    ).map((s) => ({
      server: s.name,
      enabled: s.enabled,
      command: s.transport.command,
      args: s.transport.args,
    }));
    const written = codexEntries(projectConfigs(shop.project).codex, ".codex/config.toml");
    expect(listed).toEqual(
      written.map((e) => ({ server: e.server, enabled: true, command: e.command, args: e.args })),
    );
    const client = await startFromEntry(written[0] as (typeof written)[number], {
      cwd: shop.project,
      vars: {},
      env: shop.env,
    });
    try {
      const answer = await client.call("archon_compile_context", { target_files: ["src/money.ts"] });
      const documents = (answer.structuredContent as { base: { documents: Record<string, unknown>[] } }).base
        .documents;
      expect(documents.map(({ doc_id, delivery, content }) => ({ doc_id, delivery, content }))).toEqual(
        MONEY_RULE,
      );
    } finally {
      await client.close();
    }
  });

  it("answers tools/list and compile_context through the MCP Inspector CLI with the .mcp.json entry", () => {
    // The Inspector expands no variable: it gets the entry as Claude Code expands it.
    const config = join(shop.base, "inspector.json");
    const mcpJson = projectConfigs(shop.project).claude;
    const entries = jsonEntries(mcpJson, ".mcp.json").map((e) => [
      e.server,
      {
        command: e.command,
        args: e.args.map((a) => expandVariables(a, { CLAUDE_PROJECT_DIR: shop.project })),
      },
    ]);
    writeFileSync(config, JSON.stringify({ mcpServers: Object.fromEntries(entries) }));
    // Inspector CLI 1.0.3 checks for its own package.json at ../package.json from the working folder, not
    // from its module: started one folder below a package.json, it finds it.
    const inspect = (...args: string[]) =>
      run(join(shop.project, "src"), "mcp-inspector-cli", [
        "--cli",
        "--config",
        config,
        "--server",
        "archon",
        ...args,
      ]);
    const tools = inspect("--method", "tools/list");
    expect(tools.code).toBe(0);
    const names = (JSON.parse(tools.stdout).tools as { name: string }[]).map((t) => t.name);
    expect(names).toContain("archon_compile_context");
    const call = inspect(
      "--method",
      "tools/call",
      "--tool-name",
      "archon_compile_context",
      "--tool-arg",
      'target_files=["src/money.ts"]',
    );
    expect(call.code).toBe(0);
    const documents = JSON.parse(call.stdout).structuredContent.base.documents as Record<string, unknown>[];
    expect(documents.map(({ doc_id, delivery, content }) => ({ doc_id, delivery, content }))).toEqual(
      MONEY_RULE,
    );
  });

  it("starts Claude Code headless with the hooks, servers, subagents and skills, failing only for want of a network", () => {
    // A prompt makes Claude Code run its start: settings, hooks, MCP servers, then the model call, which
    // goes to a closed port. Print mode ignores a settings file that fails validation, so the hooks running
    // are what show the settings were read (print mode connects the project's servers even unapproved:
    // `claude mcp list` above is what shows the approval setup wrote).
    const r = run(
      shop.project,
      "claude",
      ["-p", "hello", "--output-format", "stream-json", "--verbose", "--include-hook-events"],
      {
        ANTHROPIC_API_KEY: "sk-ant-not-a-key",
        ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
        CLAUDE_CODE_MAX_RETRIES: "0",
        // Print mode otherwise reports its start before slow servers have connected (on a loaded machine,
        // npx and a server's start take seconds): it waits for them before the prompt with this set.
        MCP_CONNECTION_NONBLOCKING: "false",
        MCP_TIMEOUT: "60000",
      },
    );
    const events = r.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const hooks = events.filter((e) => e.subtype === "hook_response");
    const init = events.find((e) => e.subtype === "init") as Record<string, string[] & { name: string }[]>;
    const result = events.find((e) => e.type === "result");
    const ours = (names: string[]) => names.filter((n) => n.startsWith("archon")).sort();
    const shipped = (folder: string) =>
      readdirSync(join(shop.project, "node_modules", "archon", folder))
        .map((f) => f.replace(/\.md$/, ""))
        .sort();
    expect({
      code: r.code,
      hookEvents: [...new Set(hooks.map((h) => h.hook_event))].sort(),
      failedHooks: hooks.filter((h) => h.outcome !== "success" || h.exit_code !== 0),
      servers: [...(init.mcp_servers ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
      agents: ours(init.agents ?? []),
      skills: ours(init.skills ?? []),
      result: { is_error: result?.is_error, result: result?.result },
    }).toEqual({
      code: 1,
      hookEvents: ["SessionStart", "UserPromptSubmit"],
      failedHooks: [],
      servers: [
        { name: "archon", status: "connected" },
        { name: "archon-prd", status: "connected" },
      ],
      agents: shipped("agents"),
      skills: shipped("skills"),
      result: { is_error: true, result: "API Error: Unable to connect to API (ConnectionRefused)" },
    });
  });

  // Last, because it commits a standing rule, as a teammate would: the knowledge the tests above read changes.
  it("starts Gemini CLI headless with archon's hooks, which run and answer into the prompt, failing only for want of a network", () => {
    write(
      join(shop.project, ".archon/rules.md"),
      renderRulesFile([
        {
          doc_id: "release-tags",
          title: "Release tags",
          content: "Tag every release with a signed git tag.",
        },
      ]),
    );
    git(shop.project, "add", ".archon/rules.md");
    git(shop.project, "commit", "-q", "-m", "a standing rule");
    // One attempt and no retry of a failed fetch (the scratch HOME's settings), and a named model, which
    // skips the router's own model call: the start ends at the first request, to a closed port.
    write(
      join(shop.home, ".gemini/settings.json"),
      JSON.stringify({ general: { retryFetchErrors: false, maxAttempts: 1 } }),
    );
    const tmp = join(shop.base, "gemini-tmp");
    mkdirSync(tmp, { recursive: true });
    const prompt = "How do we tag a release?";
    const r = run(
      shop.project,
      "gemini",
      ["-p", prompt, "-m", "gemini-2.5-flash", "--output-format", "stream-json"],
      { GEMINI_API_KEY: "not-a-key", TMPDIR: tmp },
    );
    const events = r.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const sent = events.find((e) => e.type === "message" && e.role === "user")?.content as string;
    const result = events.find((e) => e.type === "result") as { error?: { message: string } } | undefined;
    // Gemini CLI lists the project's hooks it registered the first time it sees them, by name.
    const listed = r.stderr.match(
      /project-level hooks have been detected in this workspace:\n((?: {2}- .+\n)+)/,
    );
    // The request it would have sent, as its error report keeps it: BeforeAgent's context is in it.
    const report = readdirSync(tmp).find((f) => f.startsWith("gemini-client-error-Turn"));
    const request = report ? readFileSync(join(tmp, report), "utf8") : "";
    expect({
      code: r.code,
      settingsErrors: r.stderr.split("\n").filter((l) => /Invalid (configuration|hook)/.test(l)),
      hooks: listed?.[1]?.trim().split(/\n\s*/).sort(),
      sent: sent?.replace(/knowledge_version \d+/, "knowledge_version N"),
      injected: request.includes("Release tags [release-tags]: Tag every release with a signed git tag."),
      result: result?.error?.message,
    }).toEqual({
      code: 1,
      settingsErrors: [],
      hooks: ["- archon-record-read", "- archon-reindex-symbols", "- archon-sync-rules"],
      sent: `<hook_context>archon absorbed 1 committed edit(s) to .archon/rules.md (knowledge_version N).</hook_context>\n\n${prompt}`,
      injected: true,
      result: "[API Error: exception TypeError: fetch failed sending request]",
    });
  });
});
