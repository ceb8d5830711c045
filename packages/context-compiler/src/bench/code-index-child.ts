// The symbol-index benchmark's measuring half, in its own Node process so its peak memory is the indexer's:
// a full index into a fresh database, a reindex with nothing changed, one after a one-file edit, and a
// call-path search. Prints one JSON line (CodeIndexResult) on stdout.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { systemClock } from "@archon/core";
import { CodeIndex } from "../code/code-index.js";
import type { ReindexSummary } from "../code/reindex.js";
import { KnowledgeDb } from "../store/knowledge-db.js";
import { peakRssMb } from "./stats.js";

export interface CodeIndexResult {
  fullMs: number;
  unchangedMs: number;
  oneFileMs: number;
  searchMs: number;
  /** The call path searched, from the CLI command down to the store write, in this repository's own code. */
  searchDepth: number | null;
  full: ReindexSummary;
  peakRssMb: number;
}

const [root, dbPath, edited] = process.argv.slice(2) as [string, string, string];
const kdb = new KnowledgeDb(dbPath);
const index = new CodeIndex(kdb.db, root);
const timed = async <T>(work: () => Promise<T> | T): Promise<[T, number]> => {
  const t = performance.now();
  const value = await work();
  return [value, performance.now() - t];
};
const [full, fullMs] = await timed(() => index.reindex({ clock: systemClock }));
const [, unchangedMs] = await timed(() => index.reindex({ clock: systemClock }));
appendFileSync(join(root, edited), "\n// edited by the benchmark\n");
const [, oneFileMs] = await timed(() => index.reindex({ clock: systemClock }));
const [flow, searchMs] = await timed(() => index.logicFlow("reindexSymbolsCommand", "writeFiles"));
kdb.close();
const result: CodeIndexResult = {
  fullMs,
  unchangedMs,
  oneFileMs,
  searchMs,
  searchDepth: flow.depth,
  full,
  peakRssMb: peakRssMb(process.pid),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
