// The last verify_done verdict, put back into an agent's context after compaction. Claude Code adds a
// PreCompact hook's output to no context, so the work is split: PreCompact marks the last verdict as
// predating a compaction, and the SessionStart that follows the compaction (source "compact") prints it.
import type { Clock, Db } from "@archon/core";
import type { HookInput } from "../../hooks/hook-input.js";
import { readIndexState } from "../../store/symbols.js";
import { readVerifyCache } from "../../store/verify-cache.js";
import { readVersion } from "../../store/version.js";
import { readLastVerify, writeLastVerify } from "./last-verify.js";
import type { Verdict } from "./verify-done.js";

/** Violations and tests listed in the re-injected text; the rest are counted. */
const SHOWN = 10;

/** What the hook prints for this event (empty for nothing); records what it did in the pointer. */
export function verdictHook(db: Db, root: string, input: HookInput, clock: Clock): string {
  const pointer = readLastVerify(root);
  if (!pointer) return "";
  const now = clock.now().toISOString();
  if (input.hook_event_name === "PreCompact") {
    writeLastVerify(root, { ...pointer, compacted_at: now, reinjected_at: null });
    return `archon: the last verify_done verdict (${pointer.verdict}) will be restored after compaction.`;
  }
  const afterCompaction = input.hook_event_name === "SessionStart" && input.source === "compact";
  if (!afterCompaction || pointer.compacted_at === null || pointer.reinjected_at !== null) return "";
  const row = readVerifyCache(db, pointer.cache_key);
  writeLastVerify(root, { ...pointer, reinjected_at: now });
  if (!row) return "";
  const stale =
    readVersion(db) !== row.knowledge_version || (readIndexState(db)?.state_hash ?? "") !== row.index_state;
  return describeVerdict(JSON.parse(row.result) as Verdict, pointer.verified_at, stale);
}

export function describeVerdict(verdict: Verdict, verifiedAt: string, stale: boolean): string {
  const lines = [
    `archon: the last verify_done verdict, from before this conversation was compacted (verified ${verifiedAt}):`,
    `${verdict.verdict === "pass" ? "PASS" : "FAIL"}: ${verdict.violations.length} violation(s) over ${verdict.checked.files.length} changed file(s).`,
  ];
  for (const v of verdict.violations.slice(0, SHOWN))
    lines.push(
      v.type === "forbidden_import"
        ? `- forbidden_import in ${v.file}:${v.line} (${v.doc_id}): ${v.evidence}`
        : `- missing_companion for ${v.file} (${v.doc_id}): ${v.evidence}`,
    );
  if (verdict.violations.length > SHOWN) lines.push(`- and ${verdict.violations.length - SHOWN} more`);
  if (verdict.affected_tests.length > 0)
    lines.push(
      `Tests to run first: ${verdict.affected_tests
        .slice(0, SHOWN)
        .map((t) => t.path)
        .join(", ")}${verdict.affected_tests.length > SHOWN ? ", ..." : ""}.`,
    );
  lines.push(
    stale
      ? "The knowledge or the symbol index changed since: call verify_done again before relying on it."
      : "Nothing it depends on has changed since: it need not be re-litigated.",
  );
  return lines.join("\n");
}
