// `node packages/context-compiler/dist/bench/main.js [--sizes 1000,10000,100000] [--iterations N] [--json]
// [--cost-only]`: speed, then the context-cost report (`--cost-only` skips the speed part).
// Progress goes to stderr so stdout holds only the markdown (or JSON) report.
import { fileURLToPath } from "node:url";
import { benchArgs } from "./bench-args.js";
import { exampleCost, realisticCost } from "./context-cost.js";
import { formatContextCost } from "./format-context-cost.js";
import { formatResults } from "./format-results.js";
import { runCompilerBench } from "./run-bench.js";

const USAGE =
  "usage: main.js [--sizes 1000,10000,100000] [--iterations N] [--starts N] [--json] [--cost-only]";
const values = benchArgs(USAGE, {
  sizes: { type: "string", default: "1000,10000,100000" },
  iterations: { type: "string", default: "500" },
  starts: { type: "string", default: "5" },
  json: { type: "boolean", default: false },
  "cost-only": { type: "boolean", default: false },
});

const sizes = values.sizes.split(",").map((s) => Number(s.trim()));
const iterations = Number(values.iterations);
const starts = Number(values.starts);
if (sizes.some((n) => !Number.isInteger(n) || n <= 0) || !Number.isInteger(iterations) || iterations <= 0) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const results = values["cost-only"]
  ? undefined
  : await runCompilerBench({
      sizes,
      iterations,
      starts: Number.isInteger(starts) && starts > 0 ? starts : 5,
      log,
    });
log("context cost: the realistic monorepo and the bundled example");
const example = fileURLToPath(new URL("../../../../examples/demo-project", import.meta.url));
const costs = [realisticCost(), exampleCost(example)];
if (values.json)
  process.stdout.write(`${JSON.stringify({ speed: results, context_cost: costs }, null, 2)}\n`);
else
  process.stdout.write(
    `${results ? formatResults(results, iterations) : ""}\n## Context cost\n\n${formatContextCost(costs)}`,
  );
