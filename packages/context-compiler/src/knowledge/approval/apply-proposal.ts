// Applies one proposal's payload to the database. Call inside the transaction that will bump the version.
import { type Db, UserError } from "@archon/core";
import { globProblem } from "../../read/glob.js";
import { documentExists } from "../../store/documents.js";
import { addEdge, deprecateEdge, getEdge } from "../../store/edges.js";
import { type ProposalPayload, parsePayload } from "../../store/proposal-payloads.js";
import type { ProposalType } from "../../vocabulary/lifecycle.js";
import { createDocument, deprecateDocument, requireLive, updateDocument } from "./apply-document.js";
import { supersededBy } from "./conflicts.js";
import { combineChanges, type KnowledgeChange, noChange } from "./knowledge-change.js";

export interface ApplicableProposal {
  proposal_id: string;
  proposal_type: ProposalType;
  payload: unknown;
}

function applyAddEdge(db: Db, p: ProposalPayload<"add_edge">, version: number): KnowledgeChange {
  requireLive(db, p.target_doc_id, "Edge target", "target_doc_id");
  if (p.edge_type === "doc_depends_on") requireLive(db, p.source_value, "Dependent document", "source_value");
  if (p.edge_type === "path_requires") {
    const problem = globProblem(p.source_value);
    if (problem) throw new UserError(`Glob "${p.source_value}" ${problem}.`, undefined, "source_value");
  }
  const change = noChange();
  const added = addEdge(db, p, version);
  if (added.created) change.edges_added.push(added.edge_id);
  return change;
}

function applyRemoveEdge(db: Db, p: ProposalPayload<"remove_edge">): KnowledgeChange {
  const edge = getEdge(db, p.edge_id);
  if (!edge) throw new UserError(`No edge with id ${p.edge_id}.`, undefined, "edge_id");
  if (edge.status === "deprecated")
    throw new UserError(`Edge ${p.edge_id} is already deprecated.`, undefined, "edge_id");
  deprecateEdge(db, p.edge_id);
  return { ...noChange(), edges_removed: [p.edge_id] };
}

/** The change one payload makes. The payload is validated again: it may have been modified since it was stored. */
export function applyPayload(db: Db, type: ProposalType, payload: unknown, version: number): KnowledgeChange {
  switch (type) {
    case "new_doc":
      return createDocument(db, parsePayload("new_doc", payload), version);
    case "update_doc":
      return updateDocument(db, parsePayload("update_doc", payload), version);
    case "add_edge":
      return applyAddEdge(db, parsePayload("add_edge", payload), version);
    case "remove_edge":
      return applyRemoveEdge(db, parsePayload("remove_edge", payload));
    case "deprecate_doc":
      return deprecateDocument(db, parsePayload("deprecate_doc", payload).doc_id, version);
  }
}

/**
 * A proposal's change plus what its conflict answers demand: a rule the person chose to supersede is
 * deprecated in the same transaction. Errors name the proposal, so a failing bundle member is easy to find.
 */
export function applyProposal(db: Db, proposal: ApplicableProposal, version: number): KnowledgeChange {
  try {
    const change = applyPayload(db, proposal.proposal_type, proposal.payload, version);
    const retired = supersededBy(db, proposal.proposal_id)
      .filter((docId) => documentExists(db, docId))
      .map((docId) => deprecateDocument(db, docId, version));
    return combineChanges([change, ...retired]);
  } catch (error) {
    if (error instanceof UserError)
      throw new UserError(`Proposal ${proposal.proposal_id}: ${error.message}`, error.hint, error.field);
    throw error;
  }
}
