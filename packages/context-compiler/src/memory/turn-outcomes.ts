// Turn outcomes archon sees itself, kept as automatic session notes: a verify_done verdict says whether
// the change on those files held up. Fail-open: memory never fails the tool that fed it.
import type { Clock, Db, IdGenerator } from "@archon/core";
import type { Verdict } from "../code/verify/verify-done.js";
import { recordAutomaticNote } from "./session-notes.js";

export function noteVerifyOutcome(db: Db, verdict: Verdict, clock: Clock, ids: IdGenerator): void {
  const failed = verdict.verdict === "fail";
  const files = failed
    ? [...new Set(verdict.violations.map((v) => v.file))].sort()
    : verdict.checked.files.map((f) => f.path).sort();
  if (files.length === 0) return;
  const doc_ids = [...new Set(verdict.violations.map((v) => v.doc_id))].sort();
  const text = failed
    ? `verify_done failed: ${verdict.violations.length} violation(s) of ${doc_ids.join(", ")}`
    : `verify_done passed on ${files.length} file(s)`;
  try {
    recordAutomaticNote(
      db,
      { text, outcome: failed ? "failed" : "succeeded", files, doc_ids, run_id: null, session_id: null },
      clock,
      ids,
    );
  } catch {
    // A database that refuses the write loses the note, not the verdict.
  }
}
