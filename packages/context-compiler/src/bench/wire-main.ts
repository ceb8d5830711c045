// `node packages/context-compiler/dist/bench/wire-main.js [--rounds N] [--json]`: bytes on the wire. The agent
// surface's tools/list answer (its size, and its time beside ping on the same connection), and each compile
// answer of the bundled example as a client that reads only structuredContent gets it and as any other
// client gets it, against the bytes of rule text the answer carries.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createArchonContext, writeContext } from "../context/archon-context.js";
import { applySeed } from "../knowledge/apply-seed.js";
import { readSeedFile } from "../knowledge/seed-file.js";
import type { CompileResponse } from "../services/compile-service.js";
import { benchArgs } from "./bench-args.js";
import { ruleText } from "./rule-text.js";
import { type Summary, summarize } from "./stats.js";
import { WireSession } from "./wire-session.js";

const USAGE = "usage: wire-main.js [--rounds N] [--json]";
const values = benchArgs(USAGE, {
  rounds: { type: "string", default: "500" },
  json: { type: "boolean", default: false },
});
const rounds = Number(values.rounds);

const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../../../examples/demo-project", import.meta.url));
const TARGETS = [
  { file: "src/api/invoices.ts", plan: "add cursor pagination to listInvoices" },
  { file: "src/server/routes/invoices.route.ts", plan: "add a route to void an invoice" },
  { file: "src/components/InvoiceTable.tsx", plan: "show overdue invoices in red" },
];
/** A client whose model reads only structuredContent (core's tool-call.ts), and one that is not listed. */
const CLIENTS = { structuredOnly: "claude-code", other: "archon-bench" } as const;

function seededExample(): string {
  const root = mkdtempSync(join(tmpdir(), "archon-wire-"));
  cpSync(EXAMPLE, root, { recursive: true });
  const ctx = createArchonContext({
    surface: "admin",
    dbPath: join(root, ".archon/archon.db"),
    projectRoot: root,
  });
  try {
    applySeed(writeContext(ctx), readSeedFile(ctx.kdb.db, join(root, "archon.seed.yaml"), root));
  } finally {
    ctx.close();
  }
  return root;
}

const serverArgs = (root: string) => [
  ARCHON_BIN,
  "--surface",
  "agent",
  "--db",
  join(root, ".archon/archon.db"),
  "--project-root",
  root,
];

/** tools/list and ping alternating on one connection, after one of each: the list is served from its cache. */
async function toolList(root: string) {
  const session = await WireSession.open(serverArgs(root), CLIENTS.other);
  const first = await session.request("tools/list");
  await session.request("ping");
  const list: number[] = [];
  const ping: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    await session.request("tools/list");
    list.push(performance.now() - t);
    t = performance.now();
    await session.request("ping");
    ping.push(performance.now() - t);
  }
  await session.close();
  return { bytes: first.bytes, list: summarize(list), ping: summarize(ping) };
}

async function compileBytes(root: string, client: string) {
  const session = await WireSession.open(serverArgs(root), client);
  const answers = [];
  for (const { file, plan } of TARGETS) {
    const answer = await session.request("tools/call", {
      name: "archon_compile_context",
      arguments: { target_files: [file], plan },
    });
    const result = answer.message.result as { structuredContent: CompileResponse };
    answers.push({ file, bytes: answer.bytes, ...ruleText(result.structuredContent) });
  }
  await session.close();
  return answers;
}

const root = seededExample();
try {
  const list = await toolList(root);
  const structuredOnly = await compileBytes(root, CLIENTS.structuredOnly);
  const other = await compileBytes(root, CLIENTS.other);
  if (values.json) process.stdout.write(`${JSON.stringify({ list, structuredOnly, other }, null, 2)}\n`);
  else process.stdout.write(report(list, structuredOnly, other));
} finally {
  rmSync(root, { recursive: true, force: true });
}

type Answer = { file: string; bytes: number; carried: number; whole: number };

function report(
  list: { bytes: number; list: Summary; ping: Summary },
  structuredOnly: Answer[],
  other: Answer[],
) {
  const ms = (s: Summary) => `${s.p50.toFixed(3)} / ${s.p99.toFixed(3)}`;
  const lines = [
    "| measure | value | target |",
    "|---|---:|---|",
    `| agent surface tools/list answer (bytes) | ${list.bytes} | < 12000 |`,
    `| tools/list p50 / p99, served from the cache (ms, ${rounds} rounds) | ${ms(list.list)} | - |`,
    `| ping p50 / p99, alternating on the same connection (ms) | ${ms(list.ping)} | - |`,
    "",
    "Compile answers (bytes of the JSON-RPC line), against the rule text the answer carries inline and against every rule it names taken whole (what a text-only server sending each rule once would send at least):",
    "",
    "| bundled example, file | rule text carried / every named rule whole (bytes) | answer to Claude Code, Codex (bytes; x carried, x whole) | answer to any other client (bytes; x carried, x whole) |",
    "|---|---:|---:|---:|",
  ];
  structuredOnly.forEach((s, i) => {
    const o = other[i] as Answer;
    const cell = (bytes: number) =>
      `${bytes}; ${(bytes / s.carried).toFixed(2)}x, ${(bytes / s.whole).toFixed(2)}x`;
    lines.push(`| \`${s.file}\` | ${s.carried} / ${s.whole} | ${cell(s.bytes)} | ${cell(o.bytes)} |`);
  });
  return `${lines.join("\n")}\n`;
}
