// The in-process half of the benchmark, run in its own Node process so its peak memory is the compiler's
// and not the generator's. Prints one JSON line (InProcessResult) on stdout.
import { readFileSync } from "node:fs";
import { createArchonContext } from "../context/archon-context.js";
import { compile } from "../read/compile.js";
import { cachedDocText } from "../read/doc-text.js";
import { normalizeRepoPath } from "../read/glob.js";
import { readContent } from "../store/documents.js";
import type { BenchRequest } from "./generate-knowledge.js";
import { peakRssMb, type Summary, summarize } from "./stats.js";

export interface InProcessResult {
  openMs: number;
  indexBuildMs: number;
  firstCompileMs: number;
  /**
   * The pure compile over the first pass of every distinct request, while content and terms are still
   * being loaded: what a freshly started server pays the first time it meets a document.
   */
  coldPass: Summary;
  /** The pure compile once every distinct request was seen: index lookup, resolution, relevance, allocation; no audit row. */
  pure: Summary;
  /** The same pure compile without a plan: no relevance scoring and no tag expansion from the plan. */
  pureNoPlan: Summary;
  /** CompileService.compile: the pure compile plus the audit row and notices, as a tool call runs it. */
  service: Summary;
  docsReached: number;
  errors: number;
  peakRssMb: number;
}

/** One turn of the event loop, as a server takes between requests: the audit queue's timers run then. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Each kind of compile in its own loop. Interleaved, the pure compiles ran beside the service's audit
 * rows: in one synchronous loop the queue's flush timer never fired, so every row and the result it holds
 * stayed live until the end, and the collector copied them during the pure compiles. Between two compiles
 * each loop turns the event loop, as a server does between requests; the service runs with the server's
 * background writer.
 */
async function run(dbPath: string, projectRoot: string, requests: BenchRequest[], iterations: number) {
  const [ctx, openMs] = stopwatch(() =>
    createArchonContext({ surface: "admin", dbPath, projectRoot, backgroundAudit: true }),
  );
  const [index, indexBuildMs] = stopwatch(() => ctx.compiler.index());
  const [, firstCompileMs] = stopwatch(() => ctx.compiler.compile(requests[0] as BenchRequest));

  const text = cachedDocText((hash) => readContent(ctx.kdb.db, hash) ?? "");
  const filesOf = (request: BenchRequest) =>
    [...new Set(request.target_files.map((f) => normalizeRepoPath(f) ?? f))].sort();
  const coldTimes = requests.map((request) => {
    const files = filesOf(request);
    return stopwatch(() => compile(index, request, files, [], text))[1];
  });
  let reached = 0;
  const pure = await loop(requests, iterations, (request) => {
    const outcome = compile(index, request, filesOf(request), [], text);
    reached += outcome.base.documents.length + outcome.base.templates.length;
  });
  const noPlan = await loop(requests, iterations, (request) => {
    compile(index, { target_files: request.target_files }, filesOf(request), [], text);
  });
  const service = await loop(requests, iterations, (request) => {
    ctx.compiler.compile(request);
  });
  ctx.close();
  const result: InProcessResult = {
    openMs,
    indexBuildMs,
    firstCompileMs,
    coldPass: summarize(coldTimes),
    pure: summarize(pure.times),
    pureNoPlan: summarize(noPlan.times),
    service: summarize(service.times),
    docsReached: iterations > 0 ? reached / iterations : 0,
    errors: pure.errors + noPlan.errors + service.errors,
    peakRssMb: peakRssMb(process.pid),
  };
  return result;
}

/** The value and the milliseconds it took. */
function stopwatch<T>(fn: () => T): [T, number] {
  const t = performance.now();
  const value = fn();
  return [value, performance.now() - t];
}

/** `iterations` compiles over the requests in turn, the event loop turned between two; a failed one is counted, not timed. */
async function loop(
  requests: readonly BenchRequest[],
  iterations: number,
  each: (request: BenchRequest) => void,
): Promise<{ times: number[]; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < iterations; i++) {
    const request = requests[i % requests.length] as BenchRequest;
    const t = performance.now();
    try {
      each(request);
      times.push(performance.now() - t);
    } catch {
      errors += 1;
    }
    await turn();
  }
  return { times, errors };
}

const [dbPath, projectRoot, requestsFile, iterations] = process.argv.slice(2);
if (dbPath && projectRoot && requestsFile && iterations) {
  const requests = JSON.parse(readFileSync(requestsFile, "utf8")) as BenchRequest[];
  process.stdout.write(`${JSON.stringify(await run(dbPath, projectRoot, requests, Number(iterations)))}\n`);
}
