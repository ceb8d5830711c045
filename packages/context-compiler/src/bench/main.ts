// `node packages/context-compiler/dist/bench/main.js [--sizes 1000,10000,100000] [--iterations N] [--json]`
// Progress goes to stderr so stdout holds only the markdown (or JSON) report.
import { parseArgs } from "node:util";
import { formatResults } from "./format-results.js";
import { runCompilerBench } from "./run-bench.js";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,100000" },
    iterations: { type: "string", default: "500" },
    starts: { type: "string", default: "5" },
    json: { type: "boolean", default: false },
  },
});

const sizes = values.sizes.split(",").map((s) => Number(s.trim()));
const iterations = Number(values.iterations);
const starts = Number(values.starts);
if (sizes.some((n) => !Number.isInteger(n) || n <= 0) || !Number.isInteger(iterations) || iterations <= 0) {
  process.stderr.write("usage: main.js [--sizes 1000,10000,100000] [--iterations N] [--starts N] [--json]\n");
  process.exit(2);
}

const results = await runCompilerBench({
  sizes,
  iterations,
  starts: Number.isInteger(starts) && starts > 0 ? starts : 5,
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(
  values.json ? `${JSON.stringify(results, null, 2)}\n` : formatResults(results, iterations),
);
