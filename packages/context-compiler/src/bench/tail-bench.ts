// The compile's tail against the floor of its own connection: one client, one server, one loop in which
// each compile is followed by a `ping`, so both meet the same machine, pipe and moment. A ping is answered
// by the SDK alone; what it takes at p99 is what the tail would be if compiling cost nothing. Also the
// memory floor: a process holding the SDK and the same rule texts as plain strings, nothing else.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { connectBench } from "./bench-client.js";
import type { BenchRequest } from "./generate-knowledge.js";
import { ARCHON_BIN, BARE_SERVER } from "./start-bench.js";
import { peakRssMb, type Summary, summarize } from "./stats.js";

export interface TailResult {
  compile: Summary;
  ping: Summary;
  /** The same two after every distinct request was compiled once (the server's steady state). */
  steadyCompile: Summary;
  steadyPing: Summary;
  errors: number;
}

export async function measureTail(
  dbPath: string,
  projectRoot: string,
  requests: readonly BenchRequest[],
  iterations: number,
): Promise<TailResult> {
  const { client } = await connectBench([
    ARCHON_BIN,
    "--surface",
    "agent",
    "--db",
    dbPath,
    "--project-root",
    projectRoot,
  ]);
  const tools = await client.request({ method: "tools/list" }, ListToolsResultSchema);
  const name = tools.tools.find((t) => t.name.endsWith("compile_context"))?.name;
  if (!name) throw new Error("the agent surface lists no compile_context tool");
  let errors = 0;
  const compile = async (request: BenchRequest) => {
    const result = await client.callTool({ name, arguments: { ...request } });
    if (result.isError) errors += 1;
  };
  // As the stdio loop: the first compile (the index build) is not timed.
  await compile(requests[0] as BenchRequest);
  const compiles: number[] = [];
  const pings: number[] = [];
  for (let i = 0; i < iterations; i++) {
    let t = performance.now();
    await compile(requests[i % requests.length] as BenchRequest);
    compiles.push(performance.now() - t);
    t = performance.now();
    await client.ping();
    pings.push(performance.now() - t);
  }
  await client.close();
  return {
    compile: summarize(compiles),
    ping: summarize(pings),
    steadyCompile: summarize(compiles.slice(requests.length)),
    steadyPing: summarize(pings.slice(requests.length)),
    errors,
  };
}

/** Peak resident memory of bare-server.ts holding `texts`, after its tool list and a few pings. */
export async function memoryFloorMb(dir: string, texts: readonly string[]): Promise<number> {
  const file = join(dir, "rule-texts.json");
  writeFileSync(file, JSON.stringify(texts));
  const { client, transport } = await connectBench([BARE_SERVER, file]);
  await client.request({ method: "tools/list" }, ListToolsResultSchema);
  for (let i = 0; i < 20; i++) await client.ping();
  const peak = transport.pid === null ? Number.NaN : peakRssMb(transport.pid);
  await client.close();
  return peak;
}
