// archon reindex-symbols [--json] [--hook [--client gemini]]: bring the symbol index in line with the
// repository. --hook is the SessionStart form: fail-open under the hook deadline, stopping early (the next
// run goes on) rather than being killed, then document discovery; quiet: it prints only new document
// candidates.
import { performance } from "node:perf_hooks";
import { systemClock } from "@archon/core";
import { CodeIndex } from "../code/code-index.js";
import { announceCandidates, discoverDocuments } from "../code/document-discovery.js";
import { MAX_FILE_BYTES, PARSE_BUDGET_MS } from "../code/limits.js";
import type { SkipReason } from "../code/read-source-file.js";
import type { ReindexSummary } from "../code/reindex.js";
import { hookAnswer } from "../hooks/gemini-hook-io.js";
import { parseHookInput } from "../hooks/hook-input.js";
import { deadlineMs, failOpenUnderDeadline } from "./hook-deadline.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";
import { progressBar } from "./progress-bar.js";

export interface ReindexFlags {
  json?: boolean;
  hook?: boolean;
  /** The agent client running the hook: `gemini` is answered in the JSON Gemini CLI reads. */
  client?: string;
}

/** The share of the hook deadline spent parsing; the rest is for writing and resolving what was read. */
const HOOK_PARSE_SHARE = 0.5;

export async function reindexSymbolsCommand(
  options: () => GlobalOptions,
  flags: ReindexFlags,
): Promise<void> {
  if (flags.hook) {
    await failOpenUnderDeadline("reindex-symbols", true, async (stdin) =>
      hookAnswer(flags.client, parseHookInput(stdin).hook_event_name, await reindexHook(options())),
    );
    return;
  }
  const ctx = openContext(options());
  try {
    // On stderr, so --json keeps stdout to the JSON alone.
    const bar = progressBar("indexing");
    const summary = await new CodeIndex(ctx.kdb.db, ctx.projectRoot).reindex({
      clock: systemClock,
      onProgress: bar.update,
    });
    bar.done();
    process.stdout.write(
      flags.json ? `${JSON.stringify(summary, null, 2)}\n` : `${describeSummary(summary)}\n`,
    );
  } finally {
    ctx.close();
  }
}

/** The index refreshed, then document discovery; each fails open on its own, and only news is printed. */
async function reindexHook(options: GlobalOptions): Promise<string> {
  const stopAt = performance.now() + deadlineMs(process.env) * HOOK_PARSE_SHARE;
  const ctx = openContext(options);
  try {
    try {
      await new CodeIndex(ctx.kdb.db, ctx.projectRoot).reindex({
        clock: systemClock,
        shouldStop: () => performance.now() > stopAt,
      });
    } catch (error) {
      process.stderr.write(`archon reindex-symbols: ${(error as Error).message}\n`);
    }
    return announceCandidates(discoverDocuments(ctx.kdb.db, ctx.projectRoot, systemClock).candidates);
  } finally {
    ctx.close();
  }
}

const n = (value: number) => value.toLocaleString("en-US");

const WHY: Readonly<Record<SkipReason, string>> = {
  too_large: `over ${MAX_FILE_BYTES / 1024 / 1024} MiB`,
  unreadable: "could not be read",
  timed_out: `not parsed within ${PARSE_BUDGET_MS / 1000} s`,
  remembered_timeout: `not parsed within ${PARSE_BUDGET_MS / 1000} s before, not tried again until it changes`,
  outside_project: "a link out of the project, not followed",
};
/** Skipped files shown by name, the first few; --json lists them all. */
const SHOWN_SKIPS = 10;

function skippedLines(files: ReindexSummary["skipped_files"]): string[] {
  const shown = files.slice(0, SHOWN_SKIPS).map((f) => `  skipped ${f.path}: ${WHY[f.reason]}`);
  return files.length > SHOWN_SKIPS
    ? [...shown, `  and ${n(files.length - SHOWN_SKIPS)} more (--json lists them)`]
    : shown;
}

export function describeSummary(s: ReindexSummary): string {
  const c = s.counts;
  const r = c.by_resolution;
  const bound = r.local + r.import + r.package + r.name;
  const head = s.unchanged
    ? `Symbol index is up to date: ${n(c.files)} files.`
    : `Indexed ${n(c.files)} files: ${n(s.parsed)} read, ${n(s.removed)} removed, ${n(s.reused)} unchanged, ${n(s.skipped)} skipped${s.deferred > 0 ? `, ${n(s.deferred)} left for the next run` : ""}.`;
  return [
    head,
    ...skippedLines(s.skipped_files),
    `${n(c.symbols)} symbols, ${n(c.edges)} edges, ${n(c.imports)} imports.`,
    `Edges bound: ${n(bound)} (local ${n(r.local)}, import ${n(r.import)}, package ${n(r.package)}, by name ${n(r.name)}); not bound: ${n(c.edges - bound)} (ambiguous ${n(r.ambiguous)}, external ${n(r.external)}, unresolved ${n(r.unresolved)}).`,
    ...(s.complete ? [] : ["The index is incomplete; run archon reindex-symbols again to finish it."]),
  ].join("\n");
}
