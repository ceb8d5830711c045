// Validation of edges given by a caller (import_doc hints, seed files) before anything is written.
import type { Db } from "@archon/core";
import { globProblem } from "../read/glob.js";
import { docIdInUse } from "../store/documents.js";
import { EDGE_TYPES, type EdgeType } from "../vocabulary/knowledge-model.js";

export interface EdgeHint {
  edge_type: EdgeType;
  source_value: string;
}

/** A hint as people read it: a glob as written, any other edge as `edge_type:value`. */
export const edgeHintLabel = (hint: EdgeHint): string =>
  hint.edge_type === "path_requires" ? hint.source_value : `${hint.edge_type}:${hint.source_value}`;

/** Problems with one edge pointing at `docId`; `knownDocs` are doc_ids that exist besides the database's. */
export function edgeHintProblems(
  db: Db,
  docId: string,
  hint: EdgeHint,
  knownDocs: ReadonlySet<string> = new Set(),
) {
  const problems: string[] = [];
  if (!EDGE_TYPES.includes(hint.edge_type)) problems.push(`unknown edge_type "${hint.edge_type}"`);
  if (hint.source_value.trim() === "") problems.push(`${hint.edge_type} needs a non-empty source_value`);
  if (hint.edge_type === "path_requires") {
    const problem = globProblem(hint.source_value);
    if (problem) problems.push(`glob "${hint.source_value}" ${problem}`);
  }
  if (hint.edge_type === "doc_depends_on") {
    // Every hint's edge targets docId; for doc_depends_on, source_value is the document that depends on it.
    const exists = knownDocs.has(hint.source_value) || docIdInUse(db, hint.source_value);
    if (!exists) problems.push(`doc_depends_on names unknown document "${hint.source_value}"`);
    if (hint.source_value === docId) problems.push(`${docId} cannot depend on itself`);
  }
  return problems;
}
