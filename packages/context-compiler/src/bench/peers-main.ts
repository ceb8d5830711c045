// `node packages/context-compiler/dist/bench/peers-main.js --peer <kind>=<folder> [--peer ...] [--sizes
// 1000,10000] [--iterations 300]`: archon beside peer MCP servers built from their sources (neither is on
// npm; peer-adapters.ts says how each is driven), on the same glob rules and the same one-file requests,
// interleaved call by call over stdio. Checks first that every server names the same rules for every
// request, then reports each one's p50, p99 and peak memory, and archon's ratios to each. Progress on
// stderr, the markdown report on stdout.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { answeredDocs } from "../read/compile.js";
import { benchArgs } from "./bench-args.js";
import { connectBench } from "./bench-client.js";
import { PEER_ADAPTERS, type PeerAdapter, type PeerCall } from "./peer-adapters.js";
import { type PeerKnowledge, peerKnowledge } from "./peer-rules.js";
import { peakRssMb, type Summary, summarize } from "./stats.js";
import { writeKnowledge } from "./write-knowledge.js";

const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));

interface Server {
  name: string;
  client: Client;
  transport: StdioClientTransport;
  call: (file: string) => PeerCall;
  ruleIds: (result: unknown) => string[];
}

export interface PeerRow {
  size: number;
  server: string;
  latency: Summary;
  peakRssMb: number;
}

const USAGE =
  "usage: peers-main.js --peer <kind>=<folder> [--peer ...] [--sizes 1000,10000] [--iterations N]";
const values = benchArgs(USAGE, {
  peer: { type: "string", multiple: true, default: [] },
  sizes: { type: "string", default: "1000,10000" },
  iterations: { type: "string", default: "300" },
});
const peers = (values.peer ?? []).map((spec) => {
  const [kind, folder] = spec.split("=");
  const adapter = PEER_ADAPTERS[kind ?? ""];
  if (!adapter || !folder) {
    process.stderr.write(
      `unknown peer "${spec}": give --peer <kind>=<folder>, kind one of ${Object.keys(PEER_ADAPTERS).join(", ")}\n`,
    );
    process.exit(2);
  }
  return { kind: kind as string, folder, adapter };
});
const sizes = values.sizes.split(",").map(Number);
const iterations = Number(values.iterations);
const log = (line: string) => process.stderr.write(`${line}\n`);

async function start(
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
) {
  // The peers read their settings from the environment: they get this one, plus theirs.
  const started = await connectBench(args, {
    command,
    cwd,
    env: { ...(process.env as Record<string, string>), ...env },
  });
  await started.client.listTools();
  return { name, ...started };
}

async function archonServer(root: string, dbPath: string): Promise<Server> {
  const started = await start(
    "archon",
    process.execPath,
    [ARCHON_BIN, "--surface", "agent", "--db", dbPath, "--project-root", root],
    root,
  );
  const tool = (await started.client.listTools()).tools.find((t) => t.name.endsWith("compile_context"));
  if (!tool) throw new Error("archon lists no compile_context tool");
  return {
    ...started,
    call: (file) => ({ name: tool.name, arguments: { target_files: [file] } }),
    ruleIds: (result) =>
      answeredDocs((result as { structuredContent: Parameters<typeof answeredDocs>[0] }).structuredContent)
        .map((d) => d.doc_id)
        .sort(),
  };
}

async function peerServer(kind: string, folder: string, adapter: PeerAdapter, root: string): Promise<Server> {
  const how = adapter.command(folder, root);
  const started = await start(kind, how.command, how.args, how.cwd ?? root, how.env);
  return { ...started, call: adapter.call, ruleIds: (result) => adapter.ruleIds(result).sort() };
}

async function callOnce(server: Server, file: string): Promise<{ ms: number; result: unknown }> {
  const call = server.call(file);
  const t = performance.now();
  const result = await server.client.callTool(call);
  const ms = performance.now() - t;
  if (result.isError) throw new Error(`${server.name} failed on ${file}: ${JSON.stringify(result.content)}`);
  return { ms, result };
}

/** Every server names the same rules for every file, or the comparison means nothing. */
async function checkSameAnswers(servers: readonly Server[], files: readonly string[]): Promise<number> {
  let named = 0;
  for (const file of files) {
    const sets: string[][] = [];
    for (const server of servers) sets.push(server.ruleIds((await callOnce(server, file)).result));
    const first = JSON.stringify(sets[0]);
    sets.forEach((set, i) => {
      if (JSON.stringify(set) !== first)
        throw new Error(
          `${servers[i]?.name} names ${set.length} rules for ${file}, ${servers[0]?.name} ${sets[0]?.length}: not the same answer set`,
        );
    });
    named += sets[0]?.length ?? 0;
  }
  return named;
}

/** Calls interleaved, the order of the servers rotating each round, so that no server always goes first. */
async function timeInterleaved(servers: readonly Server[], files: readonly string[]) {
  const times = new Map<string, number[]>(servers.map((s) => [s.name, []]));
  for (let i = 0; i < iterations; i++) {
    const file = files[i % files.length] as string;
    for (let k = 0; k < servers.length; k++) {
      const server = servers[(i + k) % servers.length] as Server;
      times.get(server.name)?.push((await callOnce(server, file)).ms);
    }
  }
  return times;
}

async function measureSize(size: number): Promise<PeerRow[]> {
  const dir = mkdtempSync(join(tmpdir(), `archon-peers-${size}-`));
  try {
    const knowledge: PeerKnowledge = peerKnowledge(size);
    const root = join(dir, "project");
    mkdirSync(join(root, ".archon"), { recursive: true });
    const dbPath = join(root, ".archon", "knowledge.db");
    writeKnowledge(dbPath, root, knowledge.plan);
    for (const peer of peers) peer.adapter.writeRules(root, knowledge.rules);
    log(`${size} rules: starting archon and ${peers.map((p) => p.kind).join(", ")}`);
    const servers = [
      await archonServer(root, dbPath),
      ...(await Promise.all(peers.map((p) => peerServer(p.kind, p.folder, p.adapter, root)))),
    ];
    try {
      const named = await checkSameAnswers(servers, knowledge.files);
      log(
        `${size} rules: same answer sets for ${knowledge.files.length} files (${named} rules named in all)`,
      );
      const times = await timeInterleaved(servers, knowledge.files);
      return servers.map((s) => ({
        size,
        server: s.name,
        latency: summarize(times.get(s.name) ?? []),
        peakRssMb: s.transport.pid === null ? Number.NaN : peakRssMb(s.transport.pid),
      }));
    } finally {
      for (const s of servers) await s.client.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(rows: readonly PeerRow[]): string {
  const lines = [
    `| rules | server | p50 (ms) | p99 (ms) | peak RSS (MiB) | archon p50 / its | archon p99 / its | archon memory / its |`,
    "|---:|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const row of rows) {
    const archon = rows.find((r) => r.size === row.size && r.server === "archon") as PeerRow;
    const ratio = (a: number, b: number) => (row.server === "archon" ? "" : (a / b).toFixed(2));
    lines.push(
      `| ${row.size} | ${row.server} | ${row.latency.p50.toFixed(2)} | ${row.latency.p99.toFixed(2)} | ${row.peakRssMb.toFixed(0)} | ${ratio(archon.latency.p50, row.latency.p50)} | ${ratio(archon.latency.p99, row.latency.p99)} | ${ratio(archon.peakRssMb, row.peakRssMb)} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}

const rows: PeerRow[] = [];
for (const size of sizes) rows.push(...(await measureSize(size)));
process.stdout.write(report(rows));
