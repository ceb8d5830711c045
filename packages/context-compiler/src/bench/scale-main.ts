// `node packages/context-compiler/dist/bench/scale-main.js [--rules 10000] [--documents 10000] [--json]`:
// the write paths at scale, timed as a person runs them. `archon import-rules --from cursor --approve` of
// N Cursor rule files in a folder outside git holding more files than the walk's bound, and `archon seed`
// of the benchmark's N-document knowledge base written as an archon.seed.yaml with its files. Each run is
// one CLI process: wall time with process start, its CPU time and its peak memory. Progress on stderr.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { countApprovedDocuments } from "../store/documents.js";
import { KnowledgeDb } from "../store/knowledge-db.js";
import { writeCursorRulesProject } from "./cursor-rules-project.js";
import { generateKnowledge } from "./generate-knowledge.js";
import { writeSeedProject } from "./seed-project.js";

const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));
const PRELOAD = new URL("./peak-rss-on-exit.js", import.meta.url).href;
/** The targets for 10k: import and approve under 10 s; seed under 3 s and 250 MB. */
const IMPORT_TARGET_MS = 10_000;
const SEED_TARGET_MS = 3_000;
const SEED_TARGET_MB = 250;

export interface CliRun {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  approvedDocuments: number;
}

const { values } = parseArgs({
  options: {
    rules: { type: "string", default: "10000" },
    documents: { type: "string", default: "10000" },
    json: { type: "boolean", default: false },
  },
});
const rules = Number(values.rules);
const documents = Number(values.documents);
if (!Number.isInteger(rules) || rules <= 0 || !Number.isInteger(documents) || documents <= 0) {
  process.stderr.write("usage: scale-main.js [--rules N] [--documents N] [--json]\n");
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

const dir = mkdtempSync(join(tmpdir(), "archon-scale-bench-"));
try {
  // More unrelated files than the walk's 20,000-file bound, so a walk that counted them would stop early.
  const otherFiles = 21_000;
  const rulesRoot = join(dir, "rules");
  mkdirSync(join(rulesRoot, ".archon"), { recursive: true });
  log(`writing ${rules} Cursor rule files and ${otherFiles} other files (no git)`);
  const project = writeCursorRulesProject(rulesRoot, rules, otherFiles);
  log("archon import-rules --from cursor --approve");
  const importRun = cli(rulesRoot, ["import-rules", "--from", "cursor", "--approve", "--json"]);

  const seedRoot = join(dir, "seed");
  mkdirSync(join(seedRoot, ".archon"), { recursive: true });
  log(`writing a ${documents}-document archon.seed.yaml and its files`);
  const seedFile = writeSeedProject(seedRoot, generateKnowledge(documents).plan);
  log("archon seed archon.seed.yaml");
  const seedRun = cli(seedRoot, ["seed", seedFile, "--json"]);

  const report = { rules: project, documents, import: importRun, seed: seedRun };
  if (values.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    const ms = (n: number) => n.toFixed(0);
    const mb = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "n/a");
    const verdict = (ok: boolean) => (ok ? "pass" : "**FAIL**");
    process.stdout.write(
      [
        "| measure | import-rules --approve | seed |",
        "|---|---:|---:|",
        `| input | ${rules} rule files (${(project.ruleBytes / 2 ** 20).toFixed(1)} MiB), ${otherFiles} other files | ${documents} documents |`,
        `| documents approved afterwards | ${importRun.approvedDocuments} | ${seedRun.approvedDocuments} |`,
        `| **wall time, process start included (ms)** | ${ms(importRun.wallMs)} | ${ms(seedRun.wallMs)} |`,
        `| CPU time, user + system (ms) | ${ms(importRun.cpuMs)} | ${ms(seedRun.cpuMs)} |`,
        `| **peak RSS (MiB)** | ${mb(importRun.peakRssMb)} | ${mb(seedRun.peakRssMb)} |`,
        "",
        "| target | measured | result |",
        "|---|---|---|",
        `| import and approve ${rules} rules < 10 s | ${ms(importRun.wallMs)} ms | ${verdict(importRun.wallMs < IMPORT_TARGET_MS)} |`,
        `| every rule approved | ${importRun.approvedDocuments} of ${rules} | ${verdict(importRun.approvedDocuments === rules)} |`,
        `| seed ${documents} documents < 3 s | ${ms(seedRun.wallMs)} ms | ${verdict(seedRun.wallMs < SEED_TARGET_MS)} |`,
        `| seed peak RSS < 250 MiB | ${mb(seedRun.peakRssMb)} MiB | ${verdict(seedRun.peakRssMb < SEED_TARGET_MB)} |`,
        "",
      ].join("\n"),
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
