// document_import → new_doc: a reported document with a title and content, proposed as a pending document.
import type { Db } from "@archon/core";
import type { Observation } from "../../../store/observations.js";
import { proposalPayloads } from "../../../store/proposal-payloads.js";
import { DOC_ID_PATTERN } from "../../../vocabulary/knowledge-model.js";
import { docIdTaken, uniqueDocId } from "../doc-id-slug.js";
import { type Analyzer, type AnalyzerResult, citing } from "./analyzer.js";

/** The new_doc fields a document_import may carry; anything else in the free-form payload is context. */
const CARRIED = [
  "title",
  "kind",
  "content",
  "source_path",
  "priority",
  "edge_hints",
  "depends_on",
  "tags",
] as const;

function analyze(observation: Observation, db: Db): AnalyzerResult {
  const p = observation.payload;
  if (
    typeof p.title !== "string" ||
    p.title.trim() === "" ||
    typeof p.content !== "string" ||
    p.content.trim() === ""
  ) {
    return { skip: "a document_import needs a non-empty title and content to become a document" };
  }
  let docId: string;
  if (p.doc_id === undefined) docId = uniqueDocId(db, "", p.title, "imported-doc");
  else if (typeof p.doc_id !== "string" || !DOC_ID_PATTERN.test(p.doc_id)) {
    return { skip: `doc_id ${JSON.stringify(p.doc_id)} is not a valid document id` };
  } else if (docIdTaken(db, p.doc_id)) {
    return {
      skip: `doc_id "${p.doc_id}" is already a document or a pending proposal; send changes as review_correction`,
    };
  } else docId = p.doc_id;

  const candidate: Record<string, unknown> = { doc_id: docId };
  for (const key of CARRIED) if (p[key] !== undefined) candidate[key] = p[key];
  const parsed = proposalPayloads.new_doc.safeParse(candidate);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => `${i.path.join(".") || "payload"}: ${i.message}`)
      .join("; ");
    return { skip: `payload is not a valid document: ${problems}` };
  }
  return citing(observation, {
    proposal_type: "new_doc",
    payload: candidate,
    source: "observation",
    rationale: `document_import of "${p.title.trim()}"`,
  });
}

export const documentImportAnalyzer: Analyzer = {
  name: "document-import",
  event_type: "document_import",
  analyze,
};
