// The over-the-wire half of the benchmark: a real MCP client against `archon --surface agent` spawned on
// stdio, so every figure includes JSON-RPC framing, argument validation and the audit row's commit.
import { statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@archon/core";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { rowCounts } from "../store/row-counts.js";
import { connectBench } from "./bench-client.js";
import type { FixedAnswer } from "./fixed-answer-server.js";
import type { BenchRequest } from "./generate-knowledge.js";
import { median, peakRssMb, type Summary, summarize } from "./stats.js";

const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));
const FIXED_ANSWER_SERVER = fileURLToPath(new URL("./fixed-answer-server.js", import.meta.url));

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
  /**
   * The floor: the same loop against fixed-answer-server.ts, which serves on the same stack and answers
   * each request with the result the real server gave it, without compiling. What serving alone costs.
   */
  floor: { compile: Summary; firstPass: Summary; steady: Summary };
  errors: number;
  auditRows: number;
  /** Database file growth over the timed compiles, per compile (the audit log's cost on disk). */
  auditBytesPerCompile: number;
  peakRssMb: number;
}

async function connect(dbPath: string, projectRoot: string) {
  return connectBench([ARCHON_BIN, "--surface", "agent", "--db", dbPath, "--project-root", projectRoot]);
}

/** How long the idle server waits; at 100k documents its warm-up is still under way by then. */
export const IDLE_AFTER_START_MS = 3000;

async function measureIdleStart(dbPath: string, projectRoot: string, requests: readonly BenchRequest[]) {
  const { client } = await connect(dbPath, projectRoot);
  const name = await compileToolName(client);
  await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_START_MS));
  const times: number[] = [];
  const answers: FixedAnswer[] = [];
  for (const request of requests) {
    const t = performance.now();
    const result = await client.callTool({ name, arguments: { ...request } });
    times.push(performance.now() - t);
    answers.push({ request: { ...request }, result: result.structuredContent as FixedAnswer["result"] });
  }
  await client.close();
  return { firstCompileMs: times[0] ?? Number.NaN, firstPass: summarize(times.slice(1)), answers };
}

/**
 * One compile of requests[0], then `iterations` timed compiles cycling through the requests; `beforeLoop`
 * runs between the two.
 */
async function timedLoop(
  client: Client,
  requests: readonly BenchRequest[],
  iterations: number,
  beforeLoop: () => void = () => {},
) {
  const name = await compileToolName(client);
  let errors = 0;
  const call = async (request: BenchRequest) => {
    const result = await client.callTool({ name, arguments: { ...request } });
    if (result.isError) errors += 1;
  };
  let t = performance.now();
  await call(requests[0] as BenchRequest);
  const firstCompileMs = performance.now() - t;
  beforeLoop();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    t = performance.now();
    await call(requests[i % requests.length] as BenchRequest);
    times.push(performance.now() - t);
  }
  return { firstCompileMs, times, errors };
}

/** The timed compiles split as the report shows them; requests[0] was compiled before, so iteration 0 met it warm. */
function passes(times: readonly number[], distinct: number) {
  return {
    compile: summarize(times),
    firstPass: summarize(times.slice(1, distinct)),
    steady: summarize(times.slice(distinct)),
  };
}

async function measureFloor(
  dir: string,
  answers: FixedAnswer[],
  requests: readonly BenchRequest[],
  iterations: number,
) {
  const file = join(dir, "fixed-answers.json");
  writeFileSync(file, JSON.stringify(answers));
  const { client } = await connectBench([FIXED_ANSWER_SERVER, file]);
  const { times, errors } = await timedLoop(client, requests, iterations);
  await client.close();
  if (errors > 0) throw new Error(`the fixed-answer server failed ${errors} requests`);
  return passes(times, requests.length);
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

  const { answers, ...idle } = await measureIdleStart(dbPath, projectRoot, requests);

  const { client, transport } = await connect(dbPath, projectRoot);
  let sizeBefore = 0;
  const { firstCompileMs, times, errors } = await timedLoop(client, requests, options.iterations, () => {
    sizeBefore = statSync(dbPath).size;
  });
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
  const floor = await measureFloor(dirname(dbPath), answers, requests, options.iterations);
  return {
    startMs: median(startSamples),
    startSamples,
    firstCompileMs,
    ...passes(times, requests.length),
    idle,
    floor,
    errors,
    auditRows,
    auditBytesPerCompile,
    peakRssMb: peak,
  };
}
