// review_correction → update_doc: the proposed content, written against the document's current content hash.
import type { Db } from "@archon/core";
import { getDocument } from "../../../store/documents.js";
import type { Observation } from "../../../store/observations.js";
import { checkObservationPayload } from "../observation-payloads.js";
import { type Analyzer, type AnalyzerResult, citing } from "./analyzer.js";

function analyze(observation: Observation, db: Db): AnalyzerResult {
  const check = checkObservationPayload("review_correction", observation.payload);
  if (!check.ok) return { skip: `payload is not a valid review_correction: ${check.problems}` };
  const { target_doc_id, proposed_content, review_comment } = check.payload;
  const doc = getDocument(db, target_doc_id);
  if (!doc) return { skip: `target_doc_id "${target_doc_id}" names no document` };
  if (doc.status === "deprecated")
    return { skip: `target_doc_id "${target_doc_id}" is deprecated; correct the document that replaced it` };
  if (doc.content === proposed_content) return { skip: `${target_doc_id} already has the proposed content` };
  return citing(observation, {
    proposal_type: "update_doc",
    // The base hash lets approval refuse the correction if the document changed after it was written.
    payload: { doc_id: target_doc_id, content: proposed_content, base_content_hash: doc.content_hash },
    source: "observation",
    rationale: `review_correction: ${review_comment}`,
  });
}

export const reviewCorrectionAnalyzer: Analyzer = {
  name: "review-correction",
  event_type: "review_correction",
  analyze,
};
