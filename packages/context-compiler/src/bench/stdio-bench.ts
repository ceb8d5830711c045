// The over-the-wire half of the benchmark: a real MCP client against `archon --surface agent` spawned on
// stdio, so every figure includes JSON-RPC framing, argument validation and the audit row's commit.
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@archon/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { rowCounts } from "../store/row-counts.js";
import type { BenchRequest } from "./generate-knowledge.js";
import { median, peakRssMb, type Summary, summarize } from "./stats.js";

const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));

export interface StdioResult {
  /** Spawn → the first tools/list answer read, median over `starts` fresh processes. */
  startMs: number;
  startSamples: number[];
  firstCompileMs: number;
  /** Every timed compile. */
  compile: Summary;
  /** The timed compiles that met their request for the first time (content and terms loaded then). */
  firstPass: Summary;
  /** The timed compiles after every distinct request was seen once: the server in its steady state. */
  steady: Summary;
  /**
   * A fresh server left idle for IDLE_AFTER_START_MS after its tools/list, as a host starts one when a
   * session opens and the agent's first call comes later: its first compile, then one pass over the
   * other distinct requests. The warm-up (services/warm-up.ts) has run in that time.
   */
  idle: { firstCompileMs: number; firstPass: Summary };
  errors: number;
  auditRows: number;
  /** Database file growth over the timed compiles, per compile (the audit log's cost on disk). */
  auditBytesPerCompile: number;
  peakRssMb: number;
}

async function connect(dbPath: string, projectRoot: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [ARCHON_BIN, "--surface", "agent", "--db", dbPath, "--project-root", projectRoot],
    stderr: "pipe",
  });
  const client = new Client({ name: "archon-bench", version: "0.0.0" });
  await client.connect(transport);
  return { client, transport };
}

/** How long the idle server waits; at 100k documents its warm-up is still under way by then. */
export const IDLE_AFTER_START_MS = 3000;

async function measureIdleStart(dbPath: string, projectRoot: string, requests: readonly BenchRequest[]) {
  const { client } = await connect(dbPath, projectRoot);
  const name = await compileToolName(client);
  await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_START_MS));
  const times: number[] = [];
  for (const request of requests) {
    const t = performance.now();
    await client.callTool({ name, arguments: { ...request } });
    times.push(performance.now() - t);
  }
  await client.close();
  return { firstCompileMs: times[0] ?? Number.NaN, firstPass: summarize(times.slice(1)) };
}

async function compileToolName(client: Client): Promise<string> {
  const tools = await client.listTools();
  const name = tools.tools.find((t) => t.name.endsWith("compile_context"))?.name;
  if (!name) throw new Error("the agent surface lists no compile_context tool");
  return name;
}

async function timeStart(dbPath: string, projectRoot: string): Promise<number> {
  const started = performance.now();
  const { client } = await connect(dbPath, projectRoot);
  // A plain request: the SDK's listTools() goes on to compile a validator for every output schema, the
  // client's own work after the server has answered.
  await client.request({ method: "tools/list" }, ListToolsResultSchema);
  const elapsed = performance.now() - started;
  await client.close();
  return elapsed;
}

export async function measureStdio(
  dbPath: string,
  projectRoot: string,
  requests: readonly BenchRequest[],
  options: { iterations: number; starts: number },
): Promise<StdioResult> {
  const startSamples: number[] = [];
  for (let i = 0; i < options.starts; i++) startSamples.push(await timeStart(dbPath, projectRoot));

  const idle = await measureIdleStart(dbPath, projectRoot, requests);

  const { client, transport } = await connect(dbPath, projectRoot);
  const name = await compileToolName(client);
  let errors = 0;
  const call = async (request: BenchRequest) => {
    const result = await client.callTool({ name, arguments: { ...request } });
    if (result.isError) errors += 1;
  };
  let t = performance.now();
  await call(requests[0] as BenchRequest);
  const firstCompileMs = performance.now() - t;
  const sizeBefore = statSync(dbPath).size;
  const times: number[] = [];
  for (let i = 0; i < options.iterations; i++) {
    t = performance.now();
    await call(requests[i % requests.length] as BenchRequest);
    times.push(performance.now() - t);
  }
  const peak = transport.pid === null ? Number.NaN : peakRssMb(transport.pid);
  await client.close();

  // The server writes what its audit writer still holds as it closes; wait for every row.
  const expected = options.iterations + 1 + requests.length;
  let auditRows = 0;
  for (let tries = 0; tries < 200 && auditRows < expected; tries++) {
    const db = openDatabase(dbPath, { readonly: true });
    auditRows = rowCounts(db).compiles;
    db.close();
    if (auditRows < expected) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const auditBytesPerCompile = (statSync(dbPath).size - sizeBefore) / options.iterations;
  return {
    startMs: median(startSamples),
    startSamples,
    firstCompileMs,
    compile: summarize(times),
    // requests[0] was compiled before the timed loop, so iteration 0 met it warm.
    firstPass: summarize(times.slice(1, requests.length)),
    steady: summarize(times.slice(requests.length)),
    idle,
    errors,
    auditRows,
    auditBytesPerCompile,
    peakRssMb: peak,
  };
}
