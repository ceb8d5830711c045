// pr_merged → nothing to propose by itself; the skip reason points at file-backed documents it may have drifted.
import type { Db } from "@archon/core";
import { normalizeRepoPath } from "../../../read/glob.js";
import type { KnowledgeIndex } from "../../../read/knowledge-index.js";
import { anchoredDocuments } from "../../../store/documents.js";
import type { Observation } from "../../../store/observations.js";
import { type Channel, step } from "../../next-step.js";
import { checkObservationPayload } from "../observation-payloads.js";
import type { Analyzer, AnalyzerResult } from "./analyzer.js";

/**
 * Re-reading a changed source file is sync_docs' job (it knows anchors and writes update_doc proposals with
 * the right base hash), so this analyzer only says which approved documents the merge touched.
 */
function analyze(observation: Observation, db: Db, _index: KnowledgeIndex, channel: Channel): AnalyzerResult {
  const check = checkObservationPayload("pr_merged", observation.payload);
  if (!check.ok) return { skip: `payload is not a valid pr_merged: ${check.problems}` };
  const changed = new Set(check.payload.changed_files.flatMap((f) => normalizeRepoPath(f) ?? []));
  const sources = anchoredDocuments(db);
  // A source_path may carry an anchor (docs/a.md#Heading, docs/a.md#L3-L9); the file is what changed.
  const touched = sources.filter((s) =>
    changed.has(normalizeRepoPath(s.source_path.split("#")[0] ?? "") ?? ""),
  );
  if (touched.length > 0) {
    const ids = touched.map((s) => s.doc_id).join(", ");
    return {
      skip: `the merge changed the source of ${ids}: run ${step(channel, "sync_docs")} to propose updates for drifted documents`,
    };
  }
  return {
    skip: "a merged PR proposes nothing by itself, and none of its files is the source of an approved document",
  };
}

export const prMergedAnalyzer: Analyzer = { name: "pr-merged", event_type: "pr_merged", analyze };
