// The speed benchmark: for each size, generate and seed a knowledge base, then measure the in-process
// compile, the compile over stdio, its tail against ping, server start and peak memory, each beside its
// floor. Databases live in a temp folder.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateKnowledge } from "./generate-knowledge.js";
import type { InProcessResult } from "./in-process-child.js";
import { measureStart, type StartResult, writeStartProject } from "./start-bench.js";
import { peakRssMb } from "./stats.js";
import { measureStdio, type StdioResult } from "./stdio-bench.js";
import { measureTail, memoryFloorMb, type TailResult } from "./tail-bench.js";
import { writeKnowledge } from "./write-knowledge.js";

const CHILD = fileURLToPath(new URL("./in-process-child.js", import.meta.url));
/** The largest size also started as a git project with its rule files committed: one file per rule to write and commit. */
const PROJECT_START_MAX = 10_000;

export interface BenchOptions {
  sizes: number[];
  iterations: number;
  log: (line: string) => void;
  /** Fresh server processes timed for start-up; the median is reported. */
  starts?: number;
}

export interface BenchResult {
  documents: number;
  edges: number;
  layerRules: number;
  treeFiles: number;
  dbMb: number;
  generateMs: number;
  seedMs: number;
  inProcess: InProcessResult;
  stdio: StdioResult;
  tail: TailResult;
  start: StartResult;
  /** Peak RSS of a process holding the SDK and the same rule texts as plain strings (bare-server.ts). */
  memoryFloorMb: number;
  benchProcessPeakRssMb: number;
}

function runChild(args: string[]): Promise<InProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`in-process benchmark exited with code ${code}`));
      else resolve(JSON.parse(out) as InProcessResult);
    });
  });
}

async function benchOne(size: number, dir: string, options: BenchOptions): Promise<BenchResult> {
  const { log } = options;
  const dbPath = join(dir, `knowledge-${size}.db`);
  let t = performance.now();
  const generated = generateKnowledge(size);
  const generateMs = performance.now() - t;
  const edges = generated.plan.documents.reduce(
    (n, d) => n + d.patterns.length + d.layers.length + d.commands.length + d.depends_on.length,
    0,
  );
  log(
    `  generated ${size} documents, ${edges} edges, ${generated.tree.files.length} files in ${Math.round(generateMs)} ms`,
  );
  t = performance.now();
  writeKnowledge(dbPath, dir, generated.plan);
  const seedMs = performance.now() - t;
  // Measured before the runs add their audit rows.
  const dbMb = statSync(dbPath).size / 2 ** 20;
  log(`  seeded through applySeed in ${Math.round(seedMs)} ms`);
  const requestsFile = join(dir, `requests-${size}.json`);
  writeFileSync(requestsFile, JSON.stringify(generated.requests));

  log(`  in-process: ${options.iterations} compiles`);
  const inProcess = await runChild([dbPath, dir, requestsFile, String(options.iterations)]);
  log(`  stdio: ${options.starts ?? 5} starts, ${options.iterations} compiles`);
  const stdio = await measureStdio(dbPath, dir, generated.requests, {
    iterations: options.iterations,
    starts: options.starts ?? 5,
  });
  log(`  tail: ${options.iterations} compiles, each followed by a ping, on one connection`);
  const tail = await measureTail(dbPath, dir, generated.requests, options.iterations);
  const projectRoot = size <= PROJECT_START_MAX ? join(dir, `project-${size}`) : undefined;
  if (projectRoot) {
    log("  a git project with the rule files committed, for the start");
    writeStartProject(projectRoot, generated.plan);
  }
  log(`  start: ${options.starts ?? 5} interleaved rounds of archon, the bare SDK server and node -e 0`);
  const start = await measureStart(dbPath, dir, projectRoot, options.starts ?? 5);
  if (projectRoot) rmSync(projectRoot, { recursive: true, force: true });
  const memoryFloor = await memoryFloorMb(
    dir,
    generated.plan.documents.map((d) => d.content),
  );
  return {
    documents: size,
    edges,
    layerRules: generated.plan.layer_rules.length,
    treeFiles: generated.tree.files.length,
    dbMb,
    generateMs,
    seedMs,
    inProcess,
    stdio,
    tail,
    start,
    memoryFloorMb: memoryFloor,
    benchProcessPeakRssMb: peakRssMb(process.pid),
  };
}

export async function runCompilerBench(options: BenchOptions): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "archon-bench-"));
  const results: BenchResult[] = [];
  try {
    for (const size of options.sizes) {
      options.log(`${size} documents`);
      const result = await benchOne(size, dir, options);
      const { inProcess: ip, stdio } = result;
      options.log(
        `  in-process p50 ${ip.pure.p50.toFixed(3)} ms, p99 ${ip.pure.p99.toFixed(3)} ms; stdio p50 ${stdio.compile.p50.toFixed(3)} ms; compile p99 / ping p99 ${(result.tail.compile.p99 / result.tail.ping.p99).toFixed(2)}; start ${Math.round(result.start.benchDatabase.median)} ms`,
      );
      results.push(result);
      rmSync(join(dir, `knowledge-${size}.db`), { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
