// Co-change suggestions: files that keep changing together with a document's source file but that none of
// the document's globs cover. Git history says they belong together; the globs say otherwise.
import type { Db } from "@archon/core";
import { makeMatcher } from "../../read/glob.js";
import { parseSourceRef } from "../../read/source-anchor.js";
import { anchoredDocuments } from "../../store/documents.js";
import { approvedGlobsOf } from "../../store/edges.js";
import type { Finding } from "./finding.js";

export const CO_CHANGE_MIN_COMMITS = 3;
export const CO_CHANGE_COMMIT_LIMIT = 500;
/** A commit touching more files than this is a sweep (rename, format, bump) and says nothing about coupling. */
const SWEEP_SIZE = 100;
const FILES_PER_SUGGESTION = 10;

/**
 * `commits` lists each commit's changed files (newest first); `files` is the current file list, so a
 * file that no longer exists is never suggested.
 */
export function coChangeFindings(
  db: Db,
  commits: readonly string[][],
  files: ReadonlySet<string> | undefined,
  minCommits = CO_CHANGE_MIN_COMMITS,
): Finding[] {
  const docs = anchoredDocuments(db);
  const sources = new Set(docs.map((d) => parseSourceRef(d.source_path).path));
  const usable = commits.filter((c) => c.length <= SWEEP_SIZE);

  const findings: Finding[] = [];
  for (const doc of docs) {
    const source = parseSourceRef(doc.source_path).path;
    const together = new Map<string, number>();
    for (const commit of usable) {
      if (!commit.includes(source)) continue;
      for (const file of new Set(commit)) together.set(file, (together.get(file) ?? 0) + 1);
    }
    const matchers = approvedGlobsOf(db, doc.doc_id).map(makeMatcher);
    const suggested = [...together]
      .filter(
        ([file, n]) =>
          n >= minCommits &&
          !sources.has(file) && // other knowledge files change with docs all the time: not code coupling
          (files === undefined || files.has(file)) &&
          !matchers.some((m) => m(file)),
      )
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, FILES_PER_SUGGESTION);
    if (suggested.length === 0) continue;
    findings.push({
      severity: "info",
      check: "co_change",
      message: `${suggested.map(([f, n]) => `${f} (${n} commits)`).join(", ")} changed together with ${source} at least ${minCommits} times, but no path_requires glob of ${doc.doc_id} covers ${suggested.length === 1 ? "it" : "them"}. Consider adding one, or ignore this if the coupling is incidental.`,
      doc_ids: [doc.doc_id],
      edge_ids: [],
      files: suggested.map(([f]) => f),
    });
  }
  return findings;
}
