// `node packages/context-compiler/dist/bench/code-main.js [--lines 100000] [--json]`: the symbol-index
// benchmark. Builds the benchmark repository (code-repo.ts) in a temp folder, measures the indexer in a
// child process, then times `archon reindex-symbols` as a person runs it. Progress on stderr; the markdown
// (or JSON) report on stdout.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchArgs } from "./bench-args.js";
import type { CodeIndexResult } from "./code-index-child.js";
import { buildCodeRepo } from "./code-repo.js";

const CHILD = fileURLToPath(new URL("./code-index-child.js", import.meta.url));
const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));
/** The targets: a full index of about 100k lines, and a reindex with nothing changed. */
const FULL_TARGET_MS = 20_000;
const UNCHANGED_TARGET_MS = 2_000;

const USAGE = "usage: code-main.js [--lines N] [--json]";
const values = benchArgs(USAGE, {
  lines: { type: "string", default: "100000" },
  json: { type: "boolean", default: false },
});
const targetLines = Number(values.lines);
if (!Number.isInteger(targetLines) || targetLines <= 0) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
const log = (line: string) => process.stderr.write(`${line}\n`);

function runChild(args: string[]): Promise<CodeIndexResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(JSON.parse(out) as CodeIndexResult) : reject(new Error(`exit ${code}`)),
    );
  });
}

/** Wall time of one `archon reindex-symbols --json`, process start included. */
function cliRun(root: string, dbPath: string): number {
  const t = performance.now();
  const r = spawnSync(
    process.execPath,
    [ARCHON_BIN, "--project-root", root, "--db", dbPath, "reindex-symbols", "--json"],
    {
      encoding: "utf8",
    },
  );
  if (r.status !== 0) throw new Error(`archon reindex-symbols failed: ${r.stderr}`);
  return performance.now() - t;
}

const dir = mkdtempSync(join(tmpdir(), "archon-code-bench-"));
try {
  log(`building a repository of about ${targetLines} lines`);
  const repo = buildCodeRepo(join(dir, "repo"), targetLines);
  log(`indexing ${repo.files} files, ${repo.lines} lines (in-process, child)`);
  const child = await runChild([
    repo.root,
    join(dir, "child.db"),
    "own/packages/context-compiler/src/code/reindex.ts",
  ]);
  log("timing the CLI: full, then with nothing changed");
  const cliFullMs = cliRun(repo.root, join(dir, "cli.db"));
  const cliUnchangedMs = cliRun(repo.root, join(dir, "cli.db"));
  const report = { repo: { ...repo, root: undefined }, child, cliFullMs, cliUnchangedMs };
  if (values.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    const ms = (n: number) => n.toFixed(0);
    const c = child.full.counts;
    const rows: [string, string][] = [
      ["files indexed", String(c.files)],
      ["lines", `${repo.lines} (${repo.own_source_lines} from this repository's own sources)`],
      [
        "lines by language",
        Object.entries(repo.lines_by_language)
          .map(([l, n]) => `${l} ${n}`)
          .join(", "),
      ],
      ["symbols / edges / imports", `${c.symbols} / ${c.edges} / ${c.imports}`],
      [
        "edges bound (local, import, package, name)",
        `${c.by_resolution.local}, ${c.by_resolution.import}, ${c.by_resolution.package}, ${c.by_resolution.name}`,
      ],
      [
        "edges not bound (ambiguous, external, unresolved)",
        `${c.by_resolution.ambiguous}, ${c.by_resolution.external}, ${c.by_resolution.unresolved}`,
      ],
      ["**full index, in-process (ms)**", ms(child.fullMs)],
      ["**reindex, nothing changed, in-process (ms)**", ms(child.unchangedMs)],
      ["reindex after a one-file edit, in-process (ms)", ms(child.oneFileMs)],
      [`search_logic_flow, depth ${child.searchDepth} (ms)`, ms(child.searchMs)],
      ["**peak RSS of the indexing process (MiB)**", child.peakRssMb.toFixed(0)],
      ["`archon reindex-symbols`, full, wall time with process start (ms)", ms(cliFullMs)],
      ["`archon reindex-symbols`, nothing changed, wall time (ms)", ms(cliUnchangedMs)],
    ];
    const verdict = (measured: number, target: number) => (measured < target ? "pass" : "FAIL");
    process.stdout.write(
      [
        "| measure | value |",
        "|---|---:|",
        ...rows.map(([k, v]) => `| ${k} | ${v} |`),
        "",
        "| target | measured | result |",
        "|---|---|---|",
        `| full index of ~${targetLines} lines < 20 s | ${ms(cliFullMs)} ms (CLI) | ${verdict(cliFullMs, FULL_TARGET_MS)} |`,
        `| no-change reindex < 2 s | ${ms(cliUnchangedMs)} ms (CLI), ${ms(child.unchangedMs)} ms in-process | ${verdict(cliUnchangedMs, UNCHANGED_TARGET_MS)} |`,
        "",
      ].join("\n"),
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
