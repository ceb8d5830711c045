// `npm run bench`: both servers' speed benchmarks, imports and seeds at scale, the team server under load, many
// processes on one database with some killed mid-write, and the PRD pipeline. Arguments go to the context
// compiler's benchmark (e.g. `npm run bench -- --sizes 1000,10000`). Progress on stderr, the markdown report
// on stdout.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  process.stdout.write(
    "usage: npm run bench [-- <options of the context compiler's benchmark>]\n" +
      "Runs every benchmark in turn; the options go to the first, whose own are:\n",
  );
  const help = spawnSync(
    process.execPath,
    [join(repo, "packages/context-compiler/dist/bench/main.js"), "--help"],
    {
      stdio: "inherit",
    },
  );
  process.exit(help.status ?? 1);
}

process.stdout.write("## Context compiler\n\n");
const compiler = spawnSync(
  process.execPath,
  [join(repo, "packages/context-compiler/dist/bench/main.js"), ...process.argv.slice(2)],
  {
    stdio: "inherit",
  },
);
if (compiler.status !== 0) process.exit(compiler.status ?? 1);

process.stdout.write("\n## Many matches per request (Cursor rule files, single-file compiles)\n\n");
const manyMatches = spawnSync(
  process.execPath,
  [join(repo, "packages/context-compiler/dist/bench/rules-main.js")],
  { stdio: "inherit" },
);
if (manyMatches.status !== 0) process.exit(manyMatches.status ?? 1);

process.stdout.write("\n## Bytes on the wire (tools/list, compile answers)\n\n");
const wire = spawnSync(process.execPath, [join(repo, "packages/context-compiler/dist/bench/wire-main.js")], {
  stdio: "inherit",
});
if (wire.status !== 0) process.exit(wire.status ?? 1);

process.stdout.write("\n## Import and seed at scale\n\n");
const scale = spawnSync(
  process.execPath,
  [join(repo, "packages/context-compiler/dist/bench/scale-main.js")],
  {
    stdio: "inherit",
  },
);
if (scale.status !== 0) process.exit(scale.status ?? 1);

process.stdout.write("\n## Team server under load (two instances on one PostgreSQL database)\n\n");
const team = spawnSync(
  process.execPath,
  [join(repo, "packages/context-compiler/dist/bench/team-load-main.js")],
  {
    stdio: "inherit",
  },
);
if (team.status !== 0) process.exit(team.status ?? 1);

process.stdout.write("\n## Many processes on one database (counts, not timings)\n\n");
const torture = spawnSync(
  process.execPath,
  [join(repo, "packages/context-compiler/dist/bench/torture-main.js")],
  { stdio: "inherit" },
);
if (torture.status !== 0) process.exit(torture.status ?? 1);

process.stdout.write("\n## PRD pipeline\n\n");
const { benchPrdPipeline } = await import(join(repo, "packages/prd-pipeline/dist/demo/index.js"));
const prd = await benchPrdPipeline();
const rows = [
  ["canned feature run over stdio: round trips", prd.roundTrips, "< 100"],
  ["canned feature run over stdio: wall time (ms)", Math.round(prd.wallMs), "< 2000"],
  [
    "grounded canned feature run (Archon in-process, no external servers): round trips",
    prd.grounded.roundTrips,
    "< canned",
  ],
  ["grounded canned feature run: wall time (ms)", Math.round(prd.grounded.wallMs), "-"],
  [
    "grounded project setup (git, archon seed, archon reindex-symbols) (ms)",
    Math.round(prd.grounded.setupMs),
    "-",
  ],
  ["full 20-step canned run over stdio: round trips", prd.fullRun.roundTrips, "-"],
  ["full 20-step canned run over stdio: wall time (ms)", Math.round(prd.fullRun.wallMs), "-"],
  ["validator throughput (MB/s)", prd.validatorMBps.toFixed(1), "> 5"],
];
process.stdout.write("| measure | value | target |\n|---|---:|---|\n");
for (const [name, value, target] of rows) process.stdout.write(`| ${name} | ${value} | ${target} |\n`);

// Whether validation stays linear: the same document at 1 MB and 4 MB, each validated several times. A
// linear validator reads both at about the same MB/s; a quadratic one loses three quarters at 4 MB.
const { validateDocument } = await import(
  join(repo, "packages/prd-pipeline/dist/validation/validate-document.js")
);
const { cannedDraft } = await import(join(repo, "packages/prd-pipeline/dist/demo/canned-drafts.js"));
const { SECTION_TYPES } = await import(
  join(repo, "packages/prd-pipeline/dist/sections/section-catalogue.js")
);
const prdText = SECTION_TYPES.filter((t) => t !== "source_code" && t !== "test_code")
  .map(cannedDraft)
  .join("\n\n");
const MiB = 1024 * 1024;
const scaling = [1, 4].map((mb) => {
  const body = Array.from({ length: Math.ceil((mb * MiB) / Buffer.byteLength(prdText)) }, () => prdText).join(
    "\n\n",
  );
  const size = Buffer.byteLength(body) / MiB;
  validateDocument(body);
  const rates = Array.from({ length: 7 }, () => {
    const started = performance.now();
    validateDocument(body);
    return size / ((performance.now() - started) / 1000);
  }).sort((a, b) => a - b);
  return { mb, median: rates[3], low: rates[0], high: rates[6] };
});
process.stdout.write("\n| validator at | MB/s, median of 7 | range |\n|---|---:|---|\n");
for (const s of scaling)
  process.stdout.write(
    `| ${s.mb} MB | ${s.median.toFixed(1)} | ${s.low.toFixed(1)}-${s.high.toFixed(1)} |\n`,
  );
const ratio = (scaling[1]?.median ?? 0) / (scaling[0]?.median ?? 1);
process.stdout.write(
  `\n4 MB median over 1 MB median: ${ratio.toFixed(2)} (linear is about 1; target > 0.6)\n`,
);
