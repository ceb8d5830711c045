// `node packages/context-compiler/dist/bench/scale-main.js [--rules 10000] [--documents 10000] [--only import|seed]
// [--shapes varied,near-duplicate,identical] [--json]`: the write paths at scale, timed as a person runs them.
// `archon import-rules --from cursor --approve` of N Cursor rule files of each shape in a folder outside git
// holding more files than the walk's bound, and `archon seed`
// of the benchmark's N-document knowledge base written as an archon.seed.yaml with its files. Each run is
// one CLI process: wall time with process start, its CPU time and its peak memory. Progress on stderr.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { countApprovedDocuments } from "../store/documents.js";
import { KnowledgeDb } from "../store/knowledge-db.js";
import { benchArgs } from "./bench-args.js";
import { RULE_SHAPES, type RuleShape, writeCursorRulesProject } from "./cursor-rules-project.js";
import { generateKnowledge } from "./generate-knowledge.js";
import { writeSeedProject } from "./seed-project.js";

const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));
const PRELOAD = new URL("./peak-rss-on-exit.js", import.meta.url).href;
/** The issues' targets for 10k: import and approve under 10 s and 500 MB on any shape; seed under 3 s and 250 MB. */
const IMPORT_TARGET_MS = 10_000;
const IMPORT_TARGET_MB = 500;
const SEED_TARGET_MS = 3_000;
const SEED_TARGET_MB = 250;

export interface CliRun {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  approvedDocuments: number;
}

const USAGE = `usage: scale-main.js [--rules N] [--documents N] [--only import|seed] [--shapes ${RULE_SHAPES.join(",")}] [--json]`;
const values = benchArgs(USAGE, {
  rules: { type: "string", default: "10000" },
  documents: { type: "string", default: "10000" },
  /** One of the two runs alone, to measure it again without waiting for the other. */
  only: { type: "string" },
  shapes: { type: "string", default: RULE_SHAPES.join(",") },
  json: { type: "boolean", default: false },
});
const rules = Number(values.rules);
const documents = Number(values.documents);
const only = values.only;
const shapes = (values.shapes as string).split(",") as RuleShape[];
if (
  shapes.some((shape) => !RULE_SHAPES.includes(shape)) ||
  !Number.isInteger(rules) ||
  rules <= 0 ||
  !Number.isInteger(documents) ||
  documents <= 0 ||
  (only !== undefined && only !== "import" && only !== "seed")
) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
const log = (line: string) => process.stderr.write(`${line}\n`);

/** One `archon` command in `root`, its database in `root/.archon`; throws when it fails. */
function cli(root: string, args: string[]): CliRun {
  const usage = join(root, "usage.json");
  const dbPath = join(root, ".archon", "archon.db");
  const t = performance.now();
  const r = spawnSync(
    process.execPath,
    ["--import", PRELOAD, ARCHON_BIN, "--project-root", root, "--db", dbPath, ...args],
    { encoding: "utf8", env: { ...process.env, ARCHON_BENCH_USAGE: usage }, maxBuffer: 256 * 2 ** 20 },
  );
  const wallMs = performance.now() - t;
  if (r.status !== 0) throw new Error(`archon ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  const kdb = new KnowledgeDb(dbPath);
  try {
    const own = JSON.parse(readFileSync(usage, "utf8")) as { peakRssMb: number; cpuMs: number };
    return { wallMs, ...own, approvedDocuments: countApprovedDocuments(kdb.db) };
  } finally {
    kdb.close();
  }
}

/** `archon import-rules --from cursor --approve` in a folder outside git, beside more files than the walk's bound. */
function importRun(dir: string, shape: RuleShape) {
  // More unrelated files than the walk's 20,000-file bound, so a walk that counted them would stop early.
  const otherFiles = 21_000;
  const root = join(dir, `rules-${shape}`);
  mkdirSync(join(root, ".archon"), { recursive: true });
  log(`writing ${rules} Cursor rule files (${shape}) and ${otherFiles} other files (no git)`);
  const project = writeCursorRulesProject(root, rules, otherFiles, shape);
  log(`archon import-rules --from cursor --approve (${shape})`);
  const run = cli(root, ["import-rules", "--from", "cursor", "--approve", "--json"]);
  rmSync(root, { recursive: true, force: true });
  return { shape, project, otherFiles, run };
}

/** `archon seed` of the benchmark's knowledge base written as an archon.seed.yaml with its files. */
function seedRun(dir: string): CliRun {
  const root = join(dir, "seed");
  mkdirSync(join(root, ".archon"), { recursive: true });
  log(`writing a ${documents}-document archon.seed.yaml and its files`);
  const seedFile = writeSeedProject(root, generateKnowledge(documents).plan);
  log("archon seed archon.seed.yaml");
  return cli(root, ["seed", seedFile, "--json"]);
}

const dir = mkdtempSync(join(tmpdir(), "archon-scale-bench-"));
try {
  const imported = only === "seed" ? [] : shapes.map((shape) => importRun(dir, shape));
  const seeded = only === "import" ? undefined : seedRun(dir);
  const report = {
    imports: imported.map(({ shape, project, run }) => ({ shape, ruleBytes: project.ruleBytes, ...run })),
    ...(seeded ? { documents, seed: seeded } : {}),
  };
  if (values.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    const ms = (n: number) => n.toFixed(0);
    const mb = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "n/a");
    const verdict = (ok: boolean) => (ok ? "pass" : "**FAIL**");
    const columns: [string, string, CliRun][] = [
      ...imported.map(({ shape, project, otherFiles, run }): [string, string, CliRun] => [
        `import-rules --approve, ${shape}`,
        `${rules} rule files (${(project.ruleBytes / 2 ** 20).toFixed(1)} MiB), ${otherFiles} other files`,
        run,
      ]),
      ...(seeded ? ([["seed", `${documents} documents`, seeded]] as [string, string, CliRun][]) : []),
    ];
    const row = (label: string, cell: (c: [string, string, CliRun]) => string) =>
      `| ${label} | ${columns.map(cell).join(" | ")} |`;
    process.stdout.write(
      [
        `| measure | ${columns.map((c) => c[0]).join(" | ")} |`,
        `|---|${columns.map(() => "---:").join("|")}|`,
        row("input", (c) => c[1]),
        row("documents approved afterwards", (c) => String(c[2].approvedDocuments)),
        row("**wall time, process start included (ms)**", (c) => ms(c[2].wallMs)),
        row("CPU time, user + system (ms)", (c) => ms(c[2].cpuMs)),
        row("**peak RSS (MiB)**", (c) => mb(c[2].peakRssMb)),
        "",
        "| target | measured | result |",
        "|---|---|---|",
        ...imported.flatMap(({ shape, run }) => [
          `| import and approve ${rules} ${shape} rules < 10 s | ${ms(run.wallMs)} ms | ${verdict(run.wallMs < IMPORT_TARGET_MS)} |`,
          `| import peak RSS < 500 MiB, ${shape} | ${mb(run.peakRssMb)} MiB | ${verdict(run.peakRssMb < IMPORT_TARGET_MB)} |`,
          `| every ${shape} rule approved | ${run.approvedDocuments} of ${rules} | ${verdict(run.approvedDocuments === rules)} |`,
        ]),
        ...(seeded
          ? [
              `| seed ${documents} documents < 3 s | ${ms(seeded.wallMs)} ms | ${verdict(seeded.wallMs < SEED_TARGET_MS)} |`,
              `| seed peak RSS < 250 MiB | ${mb(seeded.peakRssMb)} MiB | ${verdict(seeded.peakRssMb < SEED_TARGET_MB)} |`,
            ]
          : []),
        "",
      ].join("\n"),
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
