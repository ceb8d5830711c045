// archon verify-cache [--status] [--prune-stale] [--json] | --hook: inspect or prune the verify_done cache;
// --hook is the PreCompact / SessionStart form that restores the last verdict after compaction.
import { systemClock } from "@archon/core";
import { readLastVerify } from "../code/verify/last-verify.js";
import { verdictHook } from "../code/verify/reinject-verdict.js";
import { parseHookInput } from "../hooks/hook-input.js";
import { readIndexState } from "../store/symbols.js";
import { pruneStaleVerifyCache, verifyCacheCounts } from "../store/verify-cache.js";
import { readVersion } from "../store/version.js";
import { failOpenUnderDeadline } from "./hook-deadline.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface VerifyCacheFlags {
  status?: boolean;
  pruneStale?: boolean;
  json?: boolean;
  hook?: boolean;
}

export async function verifyCacheCommand(
  options: () => GlobalOptions,
  flags: VerifyCacheFlags,
): Promise<void> {
  if (flags.hook) {
    await failOpenUnderDeadline("verify-cache", true, async (stdin) => {
      const ctx = openContext(options());
      try {
        const text = verdictHook(ctx.kdb.db, ctx.projectRoot, parseHookInput(stdin), systemClock);
        return text === "" ? "" : `${text}\n`;
      } finally {
        ctx.close();
      }
    });
    return;
  }
  const ctx = openContext(options());
  try {
    const db = ctx.kdb.db;
    const current = { version: readVersion(db), state: readIndexState(db)?.state_hash ?? "" };
    const pruned = flags.pruneStale ? pruneStaleVerifyCache(db, current) : undefined;
    const counts = verifyCacheCounts(db, current);
    const last = readLastVerify(ctx.projectRoot) ?? null;
    const report = { ...counts, ...(pruned === undefined ? {} : { pruned }), last };
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return;
    }
    const lines = [
      `verify_done cache: ${counts.entries} verdict(s), ${counts.stale} stale (made at another knowledge version or index state).`,
    ];
    if (pruned !== undefined) lines.push(`Pruned ${pruned} stale verdict(s).`);
    else if (counts.stale > 0)
      lines.push("Run archon verify-cache --status --prune-stale to remove the stale ones.");
    lines.push(
      last
        ? `Last verdict: ${last.verdict} (${last.violations} violation(s), ${last.files} file(s)) at ${last.verified_at}.`
        : "No verdict yet.",
    );
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    ctx.close();
  }
}
