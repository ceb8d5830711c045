// Renders benchmark results as markdown: one column per size, then the targets as pass/fail.
import type { BenchResult } from "./run-bench.js";
import type { Spread } from "./stats.js";
import { IDLE_AFTER_START_MS } from "./stdio-bench.js";

export interface TargetCheck {
  target: string;
  measured: string;
  pass: boolean | undefined;
}

const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(3) : x.toFixed(1)) : "n/a");
const mb = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : "n/a");
const spreadMs = (s: Spread) =>
  s.samples.length === 0 ? "n/a" : `${s.median.toFixed(0)} (${s.min.toFixed(0)}-${s.max.toFixed(0)})`;
const tailRatio = (r: BenchResult) => r.tail.compile.p99 / r.tail.ping.p99;

const ROWS: [label: string, cell: (r: BenchResult) => string][] = [
  ["edges (path, layer, command, depends_on)", (r) => String(r.edges)],
  ["files in the generated tree", (r) => String(r.treeFiles)],
  ["database size after seeding (MiB)", (r) => r.dbMb.toFixed(1)],
  ["generate plan (ms)", (r) => ms(r.generateMs)],
  ["seed through applySeed (ms)", (r) => ms(r.seedMs)],
  ["documents reached per request (mean)", (r) => r.inProcess.docsReached.toFixed(1)],
  ["index build (ms)", (r) => ms(r.inProcess.indexBuildMs)],
  ["first compile after index (ms)", (r) => ms(r.inProcess.firstCompileMs)],
  ["in-process first pass over the 64 requests, cold caches, p50 (ms)", (r) => ms(r.inProcess.coldPass.p50)],
  ["in-process first pass, cold caches, p99 (ms)", (r) => ms(r.inProcess.coldPass.p99)],
  ["**in-process compile p50 (ms)**", (r) => ms(r.inProcess.pure.p50)],
  ["**in-process compile p99 (ms)**", (r) => ms(r.inProcess.pure.p99)],
  ["in-process compile without plan p50 (ms)", (r) => ms(r.inProcess.pureNoPlan.p50)],
  ["in-process CompileService (with audit) p50 (ms)", (r) => ms(r.inProcess.service.p50)],
  ["in-process CompileService (with audit) p99 (ms)", (r) => ms(r.inProcess.service.p99)],
  ["**stdio compile p50 (ms)**", (r) => ms(r.stdio.compile.p50)],
  ["**stdio compile p99 (ms)**", (r) => ms(r.stdio.compile.p99)],
  ["stdio p99 / p50", (r) => (r.stdio.compile.p99 / r.stdio.compile.p50).toFixed(2)],
  [
    "stdio p50 / p99, first pass over the distinct requests (ms)",
    (r) => `${ms(r.stdio.firstPass.p50)} / ${ms(r.stdio.firstPass.p99)}`,
  ],
  [
    "stdio p50 / p99, after the first pass (ms)",
    (r) => `${ms(r.stdio.steady.p50)} / ${ms(r.stdio.steady.p99)}`,
  ],
  [
    "stdio floor: the same answers from a server that compiles nothing, p50 / p99 (ms)",
    (r) => `${ms(r.stdio.floor.compile.p50)} / ${ms(r.stdio.floor.compile.p99)}`,
  ],
  ["stdio floor p99 / p50", (r) => (r.stdio.floor.compile.p99 / r.stdio.floor.compile.p50).toFixed(2)],
  [
    "stdio floor p50 / p99, first pass; after it (ms)",
    (r) =>
      `${ms(r.stdio.floor.firstPass.p50)} / ${ms(r.stdio.floor.firstPass.p99)}; ${ms(r.stdio.floor.steady.p50)} / ${ms(r.stdio.floor.steady.p99)}`,
  ],
  ["stdio first compile (index build) (ms)", (r) => ms(r.stdio.firstCompileMs)],
  [
    `stdio first compile of a server idle ${IDLE_AFTER_START_MS / 1000} s after start (ms)`,
    (r) => ms(r.stdio.idle.firstCompileMs),
  ],
  [
    "stdio p50 / p99, first pass on that server (ms)",
    (r) => `${ms(r.stdio.idle.firstPass.p50)} / ${ms(r.stdio.idle.firstPass.p99)}`,
  ],
  ["**compile p99 / ping p99, one loop on one connection**", (r) => tailRatio(r).toFixed(2)],
  [
    "that loop: compile p50 / p99; ping p50 / p99 (ms)",
    (r) =>
      `${ms(r.tail.compile.p50)} / ${ms(r.tail.compile.p99)}; ${ms(r.tail.ping.p50)} / ${ms(r.tail.ping.p99)}`,
  ],
  [
    "that loop after the first pass: compile p99 / ping p99",
    (r) => (r.tail.steadyCompile.p99 / r.tail.steadyPing.p99).toFixed(2),
  ],
  ["**database growth per compile (bytes)**", (r) => r.stdio.auditBytesPerCompile.toFixed(0)],
  ["server start → tools/list, once before the loops (ms, median)", (r) => ms(r.stdio.startMs)],
  [
    "**start → tools/list, git project, rule files committed (ms, median (range))**",
    (r) => spreadMs(r.start.project),
  ],
  ["start → tools/list, the bench's database (ms, median (range))", (r) => spreadMs(r.start.benchDatabase)],
  ["floor: bare MCP SDK server → tools/list (ms, median (range))", (r) => spreadMs(r.start.bareSdk)],
  ["floor: `node -e 0` (ms, median (range))", (r) => spreadMs(r.start.node)],
  ["peak RSS, in-process run (MiB)", (r) => mb(r.inProcess.peakRssMb)],
  ["peak RSS, stdio server (MiB)", (r) => mb(r.stdio.peakRssMb)],
  ["floor: SDK and the rule texts as strings, peak RSS (MiB)", (r) => mb(r.memoryFloorMb)],
  ["peak RSS, stdio server / floor", (r) => (r.stdio.peakRssMb / r.memoryFloorMb).toFixed(2)],
  ["failed compiles (in-process + stdio)", (r) => String(r.inProcess.errors + r.stdio.errors)],
];

export function checkTargets(results: readonly BenchResult[]): TargetCheck[] {
  const at = (n: number) => results.find((r) => r.documents === n);
  const ten = at(10_000);
  const one = at(1_000);
  const hundred = at(100_000);
  const check = (target: string, value: number | undefined, limit: number | undefined): TargetCheck =>
    value === undefined || limit === undefined
      ? { target, measured: "not measured", pass: undefined }
      : { target, measured: `${ms(value)} ms`, pass: value < limit };
  const scaling: TargetCheck =
    one && hundred
      ? {
          target: "100k in-process p50 ≤ 3 × 1k p50",
          measured: `${ms(hundred.inProcess.pure.p50)} ms vs 3 × ${ms(one.inProcess.pure.p50)} ms (×${(hundred.inProcess.pure.p50 / one.inProcess.pure.p50).toFixed(2)})`,
          pass: hundred.inProcess.pure.p50 <= 3 * one.inProcess.pure.p50,
        }
      : { target: "100k in-process p50 ≤ 3 × 1k p50", measured: "not measured", pass: undefined };
  return [
    check("10k in-process p50 < 1 ms", ten?.inProcess.pure.p50, 1),
    check("10k in-process p99 < 5 ms", ten?.inProcess.pure.p99, 5),
    check("10k stdio p50 < 5 ms", ten?.stdio.compile.p50, 5),
    check("10k start → first tools/list (git project, median) < 300 ms", ten?.start.project.median, 300),
    ten
      ? {
          target: "10k compile p99 / ping p99 ≤ 3",
          measured: `${tailRatio(ten).toFixed(2)} (${ms(ten.tail.compile.p99)} ms / ${ms(ten.tail.ping.p99)} ms)`,
          pass: tailRatio(ten) <= 3,
        }
      : { target: "10k compile p99 / ping p99 ≤ 3", measured: "not measured", pass: undefined },
    ten
      ? {
          target: "10k database growth ≤ 2 KB per compile",
          measured: `${ten.stdio.auditBytesPerCompile.toFixed(0)} bytes`,
          pass: ten.stdio.auditBytesPerCompile <= 2048,
        }
      : { target: "10k database growth ≤ 2 KB per compile", measured: "not measured", pass: undefined },
    scaling,
  ];
}

export function formatResults(results: readonly BenchResult[], iterations: number): string {
  const sizes = results.map((r) => `${r.documents.toLocaleString("en-US")} docs`);
  const lines = [
    `Each figure is over ${iterations} compiles of 5-file requests with a plan. In process, each kind of compile runs in its own loop, after one pass over the distinct requests (the cold pass, reported apart). Over stdio, the timed compiles include each request's first meeting; the two rows after p99 / p50 split them into that first pass and the rest. The idle rows are a fresh server left alone ${IDLE_AFTER_START_MS / 1000} s after start, as a host starts one when the session opens: its first compile, then one pass over the other distinct requests. The floor rows run the same loop against a server on the same stack that answers each request with the result the real server gave it (bench/fixed-answer-server.ts): what serving alone costs on this machine. The ping loop is a fresh server on the bench's database: each compile is followed by a \`ping\`, which the SDK answers alone, on the same connection (bench/tail-bench.ts). The start rows are interleaved rounds of four processes (bench/start-bench.ts); the memory floor holds the SDK and every rule's text as a string (bench/bare-server.ts).`,
    "",
    `| measure | ${sizes.join(" | ")} |`,
    `|---|${sizes.map(() => "---:").join("|")}|`,
    ...ROWS.map(([label, cell]) => `| ${label} | ${results.map(cell).join(" | ")} |`),
    "",
    "| target | measured | result |",
    "|---|---|---|",
    ...checkTargets(results).map(
      (c) => `| ${c.target} | ${c.measured} | ${c.pass === undefined ? "-" : c.pass ? "pass" : "**FAIL**"} |`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}
