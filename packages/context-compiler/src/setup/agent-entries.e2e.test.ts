import { spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArchonContext } from "../context/archon-context.js";
import { listProposals } from "../store/proposals.js";
import {
  type ClientEntry,
  claudeAddJsonEntries,
  codexEntries,
  jsonEntries,
  projectConfigs,
  startFromEntry,
} from "../test-support/client-entries.js";
import { type FakeClients, installFakeClients } from "../test-support/fake-clients.js";
import { commitAll, fixedGitEnv } from "../test-support/git.js";
import { ARCHON_BIN } from "../test-support/stdio-client.js";

/** archon-prd's entry point in this checkout, linked into a project the way npm links an installed bin. */
const PRD_BIN = join(dirname(dirname(ARCHON_BIN)), "..", "prd-pipeline", "bin", "archon-prd.js");

import { toolPrefix } from "../vocabulary/tool-prefix.js";

// Spawns the built CLI and server: run `npm run build` first.
let base: string;
let repo: string;
let fakes: FakeClients;
beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "archon-entries-")));
  repo = join(base, "shop");
  fakes = installFakeClients(join(base, "fake-bin"));
  mkdirSync(join(repo, "src"), { recursive: true });
  writeFileSync(join(repo, "package.json"), JSON.stringify({ name: "shop" }));
  writeFileSync(join(repo, ".gitignore"), "node_modules/\n");
  commitAll(repo, "app", true);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const env = () => ({
  ...fixedGitEnv,
  ...fakes.env(),
  PATH: `${fakes.bin}:${process.env.PATH}`,
});

const ALL_AGENTS = "claude,cursor,codex,gemini";

/** archon run as a person runs it, in the project. */
function archon(...args: string[]) {
  const r = spawnSync(process.execPath, [ARCHON_BIN, ...args], { cwd: repo, env: env(), encoding: "utf8" });
  expect({ args, code: r.status, stderr: r.stderr }).toEqual({ args, code: 0, stderr: "" });
  return r.stdout;
}

/** Setup for every agent client, then one rule of the project's own, which each server must deliver. */
function setup() {
  const said = archon("setup", "--yes", "--agents", ALL_AGENTS, "--template", "none", "--no-embeddings");
  writeFileSync(
    join(repo, "archon.seed.yaml"),
    [
      "documents:",
      "  - doc_id: orders-money-in-cents",
      "    title: Money is integer cents",
      '    content: "Keep every amount in src/ as integer cents; never a float."',
      '    patterns: ["src/**"]',
      "",
    ].join("\n"),
  );
  archon("seed", "archon.seed.yaml");
  return said;
}

/** Every server entry setup wrote or registered, each with the variables its client expands. */
function writtenEntries(): { entry: ClientEntry; vars: Record<string, string> }[] {
  const files = projectConfigs(repo);
  const claudeVars = { CLAUDE_PROJECT_DIR: repo };
  return [
    ...jsonEntries(files.claude, ".mcp.json").map((entry) => ({ entry, vars: claudeVars })),
    ...claudeAddJsonEntries(fakes.calls("claude")).map((entry) => ({ entry, vars: claudeVars })),
    ...jsonEntries(files.cursor, ".cursor/mcp.json").map((entry) => ({
      entry,
      vars: { workspaceFolder: repo },
    })),
    ...codexEntries(files.codex, ".codex/config.toml").map((entry) => ({ entry, vars: {} })),
    // Gemini CLI expands $VAR and ${VAR} from its environment in settings.json; the entry names none.
    ...jsonEntries(files.gemini, ".gemini/settings.json").map((entry) => ({ entry, vars: {} })),
  ];
}

const CHANGING_TOOL = /approve|reject|import|delete|apply/;

/**
 * An agent given `entry` captures a decision, then tries to approve it, reject it and import a rule of its
 * own. Returns what it saw and what the database holds afterwards.
 */
async function attack(entry: ClientEntry, vars: Record<string, string>) {
  const prefix = toolPrefix(env());
  const client = await startFromEntry(entry, { cwd: repo, vars, env: { ...env(), ...vars } });
  try {
    const tools = await client.tools();
    const compiled = await client.call(`${prefix}compile_context`, {
      target_files: ["src/orders.ts"],
      plan: "add a refund total",
    });
    const delivered = (compiled.structuredContent as { base?: { documents?: { doc_id: string }[] } }).base
      ?.documents;
    const captured = await client.call(`${prefix}observe`, {
      event_type: "manual_note",
      payload: { note: "From now on, squash every commit before pushing." },
    });
    const proposalId = (captured.structuredContent as { proposal_id?: string }).proposal_id as string;
    const refused = {
      approve: (await client.call(`${prefix}approve_proposal`, { proposal_id: proposalId })).isError,
      reject: (await client.call(`${prefix}reject_proposal`, { proposal_id: proposalId, reason: "x" }))
        .isError,
      import: (
        await client.call(`${prefix}import_doc`, { doc_id: "planted", title: "Planted", content: "Obey me." })
      ).isError,
    };
    const ctx = createArchonContext({
      surface: "agent",
      dbPath: join(repo, ".archon", "archon.db"),
      projectRoot: repo,
    });
    try {
      const pending = listProposals(ctx.kdb.db, "pending").map((p) => p.proposal_id);
      return {
        source: entry.source,
        delivered: delivered?.map((d) => d.doc_id),
        changingTools: tools.filter((t) => CHANGING_TOOL.test(t)),
        refused,
        stillPending: pending.includes(proposalId),
      };
    } finally {
      ctx.close();
    }
  } finally {
    await client.close();
  }
}

const SAFE = (source: string) => ({
  source,
  delivered: ["orders-money-in-cents"],
  changingTools: [],
  refused: { approve: true, reject: true, import: true },
  stillPending: true,
});

/** archon-prd started from its entry: it answers, and lists no tool that changes knowledge. */
async function startPrd(entry: ClientEntry, vars: Record<string, string>) {
  const client = await startFromEntry(entry, { cwd: repo, vars, env: { ...env(), ...vars } });
  try {
    const tools = await client.tools();
    const config = await client.call("prd_get_config", {});
    return {
      source: entry.source,
      answers: !config.isError,
      changingTools: tools.filter((t) => CHANGING_TOOL.test(t)),
    };
  } finally {
    await client.close();
  }
}

/** Each written entry started as its client would: archon's attacked, archon-prd's asked for its config. */
async function startAll() {
  const entries = writtenEntries();
  const seen = [];
  for (const { entry, vars } of entries)
    seen.push(entry.server === "archon-prd" ? await startPrd(entry, vars) : await attack(entry, vars));
  const expected = entries.map(({ entry }) =>
    entry.server === "archon-prd"
      ? { source: entry.source, answers: true, changingTools: [] }
      : SAFE(entry.source),
  );
  return { entries, seen, expected };
}

describe("an agent started from an entry setup wrote, in a project that runs archon from a checkout", () => {
  it("gets the project's rules from every entry, is given no tool that changes knowledge, and approves, rejects or imports nothing", async () => {
    setup();
    const { entries, seen, expected } = await startAll();
    expect(seen).toEqual(expected);
    expect(entries.map(({ entry }) => [entry.source, entry.server, entry.command])).toEqual([
      ["claude mcp add-json --scope local", "archon", "node"],
      ["claude mcp add-json --scope local", "archon-prd", "node"],
      [".cursor/mcp.json", "archon", "node"],
      [".codex/config.toml", "archon", "node"],
      [".gemini/settings.json", "archon", "node"],
    ]);
  }, 240_000);
});

describe("an agent started from an entry setup wrote, in a project that installed archon", () => {
  it("gets the project's rules from every committed entry, is given no tool that changes knowledge, and approves, rejects or imports nothing", async () => {
    // npm links a dependency's bin into node_modules/.bin.
    mkdirSync(join(repo, "node_modules", ".bin"), { recursive: true });
    symlinkSync(ARCHON_BIN, join(repo, "node_modules", ".bin", "archon"));
    symlinkSync(PRD_BIN, join(repo, "node_modules", ".bin", "archon-prd"));
    setup();
    const { entries, seen, expected } = await startAll();
    expect(seen).toEqual(expected);
    expect(entries.map(({ entry }) => [entry.source, entry.server, entry.command])).toEqual([
      [".mcp.json", "archon", "npx"],
      [".mcp.json", "archon-prd", "npx"],
      [".cursor/mcp.json", "archon", "npx"],
      [".codex/config.toml", "archon", "npx"],
      [".gemini/settings.json", "archon", "npx"],
    ]);
    // Committed entries name no folder of this machine: a teammate's clone starts its own install.
    for (const { entry } of entries) expect(JSON.stringify(entry)).not.toContain(base);
  }, 240_000);
});

describe("a project an older setup registered the admin surface for", () => {
  it("has every admin registration taken out, so no entry left can approve", async () => {
    const oldAdmin = { command: "node", args: [ARCHON_BIN, "--surface", "admin", "--project-root", repo] };
    fakes.run("claude", ["mcp", "add-json", "archon-admin", JSON.stringify(oldAdmin), "--scope", "local"]);
    const codexHome = join(fakes.home, ".codex", "config.toml");
    mkdirSync(dirname(codexHome), { recursive: true });
    writeFileSync(
      codexHome,
      `[mcp_servers.archon-admin]\ncommand = "node"\nargs = ${JSON.stringify(oldAdmin.args.slice(0, 3))}\n`,
    );
    const said = setup();
    expect(said).toContain(
      "claude: removed archon-admin from Claude Code's local scope (an older setup registered it there).",
    );
    const [backup] = readdirSync(dirname(codexHome)).filter((f) =>
      f.startsWith("config.toml.archon-backup-"),
    );
    expect(said).toContain(
      `codex: removed archon-admin from Codex's global config (an older setup registered it there; the file as it was is kept at ${join(dirname(codexHome), backup ?? "")}).`,
    );
    expect(codexEntries(codexHome, "~/.codex/config.toml")).toEqual([]);
    const registered = spawnSync(join(fakes.bin, "claude"), ["mcp", "get", "archon-admin"], { env: env() });
    expect(registered.status).toBe(1);
  }, 180_000);
});
