// `node packages/context-compiler/dist/bench/rules-main.js [--sizes 1000,10000] [--requests 200] [--json]`:
// the many-matches shape. A project whose rules are Cursor rule files is imported with
// `archon import-rules --from cursor --approve`, then a real MCP client asks compile_context for one file at
// a time over stdio. Reported per size: latency percentiles, the bytes of each answer as the agent reads
// it (the structured result, which Claude Code, Codex and OpenCode hand to the model) and as it crosses
// the wire (the whole JSON-RPC message), beside the bytes of the rule files that match the same file: what a
// server that returns every matching rule's text would send.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { makeMatcher } from "../read/glob.js";
import { benchArgs } from "./bench-args.js";
import { type CursorRulesProject, writeCursorRulesProject } from "./cursor-rules-project.js";
import { peakRssMb, type Summary, summarize } from "./stats.js";

const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));

export interface ManyMatchesResult {
  rules: number;
  importMs: number;
  requests: number;
  errors: number;
  matchedRules: Summary;
  compile: Summary;
  /** Bytes per answer: the structured result the model reads. */
  answerBytes: Summary;
  /** Bytes per answer on the wire: the JSON-RPC message, text and structured result together. */
  wireBytes: Summary;
  /** Bytes of the matching rule files' text, per request. */
  matchingRuleBytes: Summary;
  peakRssMb: number;
}

/** Bytes a rules-as-text server would send for `file`: every rule whose globs match it, and the always-applied. */
function matchingBytes(project: CursorRulesProject, file: string): { rules: number; bytes: number } {
  let rules = 0;
  let bytes = 0;
  for (const rule of project.written) {
    if (rule.alwaysApply || rule.globs.some((g) => makeMatcher(g)(file))) {
      rules += 1;
      bytes += rule.bytes;
    }
  }
  return { rules, bytes };
}

/** Imports the project's Cursor rules, approved, with the built CLI; how long it took. */
function importCursorRules(root: string, dbPath: string): number {
  const t = performance.now();
  const imported = spawnSync(
    process.execPath,
    [
      ARCHON_BIN,
      "--db",
      dbPath,
      "--project-root",
      root,
      "import-rules",
      "--from",
      "cursor",
      "--approve",
      "--json",
    ],
    { encoding: "utf8", maxBuffer: 1 << 30 },
  );
  const importMs = performance.now() - t;
  if (imported.status !== 0) throw new Error(`import-rules failed: ${imported.stderr.slice(0, 2000)}`);
  return importMs;
}

/** A client on the agent surface over stdio, with the compile tool's name and the size of the last message received. */
async function connectAgent(root: string, dbPath: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [ARCHON_BIN, "--surface", "agent", "--db", dbPath, "--project-root", root],
    stderr: "pipe",
  });
  let wire = 0;
  const client = new Client({ name: "archon-bench", version: "0.0.0" });
  await client.connect(transport);
  // Counted as the client receives each message, framing excluded.
  const onmessage = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    wire = Buffer.byteLength(JSON.stringify(message));
    onmessage?.(message);
  };
  const name = (await client.listTools()).tools.find((x) => x.name.endsWith("compile_context"))?.name;
  if (!name) throw new Error("the agent surface lists no compile_context tool");
  return { client, transport, name, lastWire: () => wire };
}

async function run(
  size: number,
  requestCount: number,
  log: (line: string) => void,
): Promise<ManyMatchesResult> {
  const root = mkdtempSync(join(tmpdir(), "archon-rules-bench-"));
  try {
    const project = writeCursorRulesProject(root, size, requestCount * 5);
    // Every fifth source file, so the requests spread over the project's areas.
    const requests = project.otherPaths.filter((_, i) => i % 5 === 0);
    const dbPath = join(root, ".archon", "knowledge.db");
    log(`many matches, ${size} Cursor rules: importing`);
    const importMs = importCursorRules(root, dbPath);

    log(`many matches, ${size} Cursor rules: ${requestCount} single-file compiles over stdio`);
    const { client, transport, name, lastWire } = await connectAgent(root, dbPath);
    let errors = 0;
    const times: number[] = [];
    const answerBytes: number[] = [];
    const wireBytes: number[] = [];
    const matched: number[] = [];
    const ruleBytes: number[] = [];
    // One warm-up call builds the index; it is not counted.
    await client.callTool({ name, arguments: { target_files: [requests[0] as string] } });
    for (const file of requests) {
      const t = performance.now();
      const result = await client.callTool({ name, arguments: { target_files: [file] } });
      times.push(performance.now() - t);
      if (result.isError) errors += 1;
      answerBytes.push(Buffer.byteLength(JSON.stringify(result.structuredContent ?? result.content)));
      wireBytes.push(lastWire());
      const m = matchingBytes(project, file);
      matched.push(m.rules);
      ruleBytes.push(m.bytes);
    }
    const peak = transport.pid === null ? Number.NaN : peakRssMb(transport.pid);
    await client.close();
    return {
      rules: size,
      importMs,
      requests: requestCount,
      errors,
      matchedRules: summarize(matched),
      compile: summarize(times),
      answerBytes: summarize(answerBytes),
      wireBytes: summarize(wireBytes),
      matchingRuleBytes: summarize(ruleBytes),
      peakRssMb: peak,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function formatManyMatches(results: readonly ManyMatchesResult[]): string {
  const head = `| measure | ${results.map((r) => `${r.rules.toLocaleString("en-US")} rules`).join(" | ")} |`;
  const rows: [string, (r: ManyMatchesResult) => string][] = [
    ["import-rules --from cursor --approve (s)", (r) => (r.importMs / 1000).toFixed(1)],
    ["rules matching the file, mean", (r) => r.matchedRules.mean.toFixed(0)],
    ["**stdio compile p50 (ms)**", (r) => r.compile.p50.toFixed(2)],
    ["**stdio compile p99 (ms)**", (r) => r.compile.p99.toFixed(2)],
    ["p99 / p50", (r) => (r.compile.p99 / r.compile.p50).toFixed(2)],
    ["**answer the agent reads, mean (KB)**", (r) => kb(r.answerBytes.mean)],
    ["answer the agent reads, max (KB)", (r) => kb(r.answerBytes.max)],
    ["message on the wire, mean (KB)", (r) => kb(r.wireBytes.mean)],
    ["matching rule files' text, mean (KB)", (r) => kb(r.matchingRuleBytes.mean)],
    ["answer / matching rules' text", (r) => (r.answerBytes.mean / r.matchingRuleBytes.mean).toFixed(2)],
    ["failed compiles", (r) => String(r.errors)],
    ["peak RSS, stdio server (MiB)", (r) => r.peakRssMb.toFixed(0)],
  ];
  return [
    head,
    `|---|${results.map(() => "---:").join("|")}|`,
    ...rows.map(([label, f]) => `| ${label} | ${results.map(f).join(" | ")} |`),
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const USAGE = "usage: rules-main.js [--sizes 1000,10000] [--requests N] [--json]";
  const values = benchArgs(USAGE, {
    sizes: { type: "string", default: "1000,10000" },
    requests: { type: "string", default: "200" },
    json: { type: "boolean", default: false },
  });
  const sizes = values.sizes.split(",").map((s) => Number(s.trim()));
  const requests = Number(values.requests);
  if (sizes.some((n) => !Number.isInteger(n) || n <= 0) || !Number.isInteger(requests) || requests <= 0) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const results: ManyMatchesResult[] = [];
  for (const size of sizes)
    results.push(await run(size, requests, (line) => process.stderr.write(`${line}\n`)));
  process.stdout.write(
    values.json ? `${JSON.stringify(results, null, 2)}\n` : `${formatManyMatches(results)}\n`,
  );
}
