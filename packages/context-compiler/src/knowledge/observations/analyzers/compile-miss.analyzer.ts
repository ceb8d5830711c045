// compile_miss → add_edge: a path_requires edge from the target files' folder to the document that was missed.
import type { Db } from "@archon/core";
import { normalizeRepoPath } from "../../../read/glob.js";
import type { KnowledgeIndex } from "../../../read/knowledge-index.js";
import { getDocument } from "../../../store/documents.js";
import type { Observation } from "../../../store/observations.js";
import { type Channel, step } from "../../next-step.js";
import { checkObservationPayload } from "../observation-payloads.js";
import { type Analyzer, type AnalyzerResult, citing } from "./analyzer.js";
import { commonFolderGlob } from "./common-folder-glob.js";

function analyze(observation: Observation, db: Db, index: KnowledgeIndex, channel: Channel): AnalyzerResult {
  const check = checkObservationPayload("compile_miss", observation.payload);
  if (!check.ok) return { skip: `payload is not a valid compile_miss: ${check.problems}` };
  const { target_files, target_doc_id, missing_doc, review_comment } = check.payload;
  const docId = target_doc_id ?? missing_doc;
  if (docId === undefined) {
    return {
      skip: `names no document (target_doc_id or missing_doc): write the missing rule with ${step(channel, "import_doc")}, then observe again with its doc_id`,
    };
  }
  const field = target_doc_id !== undefined ? "target_doc_id" : "missing_doc";
  const doc = getDocument(db, docId);
  if (!doc) return { skip: `${field} "${docId}" names no document` };
  if (doc.status !== "approved")
    return {
      skip: `${field} "${docId}" is ${doc.status}, not approved; an edge to it would deliver nothing`,
    };

  const files = target_files.flatMap((f) => normalizeRepoPath(f) ?? []);
  const reached = files.filter((file) =>
    index.pathEdges.match(file).some((hit) => hit.items.some((edge) => edge.target_doc_id === docId)),
  );
  if (files.length > 0 && reached.length === files.length) {
    return {
      skip: `every target file already matches a path_requires edge of ${docId}; the miss is not a missing edge (compile with include_debug to see why)`,
    };
  }
  const scope = commonFolderGlob(target_files);
  if ("problem" in scope) return { skip: scope.problem };
  return citing(observation, {
    proposal_type: "add_edge",
    payload: { edge_type: "path_requires", source_value: scope.glob, target_doc_id: docId },
    source: "observation",
    rationale: `compile_miss on ${files.join(", ")}: ${review_comment}`,
  });
}

export const compileMissAnalyzer: Analyzer = { name: "compile-miss", event_type: "compile_miss", analyze };
