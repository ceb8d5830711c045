// Document-level changes (create, update, deprecate) shared by proposal approval and the rules-file sync.
import { type Db, UserError } from "@archon/core";
import {
  type DocumentState,
  documentState,
  getDocument,
  isApproved,
  isExisting,
  markDocumentDeprecated,
  setDocumentOrigin,
  upsertDocument,
} from "../../store/documents.js";
import { addEdge, deprecateEdge, edgesOfDocument } from "../../store/edges.js";
import type { ProposalPayload } from "../../store/proposal-payloads.js";
import { setDocTags } from "../../store/tags.js";
import { edgeHintProblems } from "../edge-hints.js";
import { type KnowledgeChange, noChange } from "./knowledge-change.js";

/** Refuses unless `docId` is an approved document: edges and updates may only reach live knowledge. */
export function requireLive(db: Db, docId: string, role: string, field?: string): DocumentState {
  const row = documentState(db, docId);
  if (!row) throw new UserError(`${role} "${docId}" does not exist.`, "Create it first (new_doc).", field);
  if (!isApproved(row))
    throw new UserError(`${role} "${docId}" is ${row.status}, not approved.`, undefined, field);
  return row;
}

/** new_doc: an approved document with its edges, tags and origin. A deprecated document of that id is revived. */
export function createDocument(db: Db, p: ProposalPayload<"new_doc">, version: number): KnowledgeChange {
  const existing = documentState(db, p.doc_id);
  if (isExisting(existing)) {
    throw new UserError(
      `Document "${p.doc_id}" already exists.`,
      "Propose update_doc to change an existing document.",
      "doc_id",
    );
  }
  const problems = p.edge_hints.flatMap((h) => edgeHintProblems(db, p.doc_id, h, new Set([p.doc_id])));
  if (problems.length > 0)
    throw new UserError(`new_doc "${p.doc_id}" refused: ${problems.join("; ")}.`, undefined, "edge_hints");
  for (const hint of p.edge_hints)
    if (hint.edge_type === "doc_depends_on") requireLive(db, hint.source_value, "Dependent document");
  for (const dep of p.depends_on) requireLive(db, dep, "Dependency", "depends_on");

  const { edge_hints, depends_on, tags, origin, ...fields } = p;
  upsertDocument(db, { ...fields, description: fields.description ?? null, status: "approved" }, version);
  setDocumentOrigin(db, p.doc_id, origin);
  const change = noChange();
  change.documents_added.push(p.doc_id);
  change.standing_changed = origin === "standing";
  const edges = [
    ...edge_hints.map((h) => ({ ...h, target_doc_id: p.doc_id })),
    ...depends_on.map((dep) => ({
      edge_type: "doc_depends_on" as const,
      source_value: p.doc_id,
      target_doc_id: dep,
    })),
  ];
  for (const edge of edges) {
    const added = addEdge(db, edge, version);
    if (added.created) change.edges_added.push(added.edge_id);
  }
  if (tags) setDocTags(db, p.doc_id, tags);
  return change;
}

/** update_doc: overwrites the given fields; refuses when the document moved on since the proposal was written. */
export function updateDocument(db: Db, p: ProposalPayload<"update_doc">, version: number): KnowledgeChange {
  const row = requireLive(db, p.doc_id, "Document", "doc_id");
  const doc = getDocument(db, p.doc_id);
  if (!doc) throw new UserError(`Document "${p.doc_id}" does not exist.`, undefined, "doc_id");
  if (p.base_content_hash !== undefined && p.base_content_hash !== doc.content_hash) {
    throw new UserError(
      `Document "${p.doc_id}" changed since this proposal was written: its content_hash is ${doc.content_hash}, the proposal was based on ${p.base_content_hash}.`,
      "Reject this proposal and propose the change again against the current content.",
      "base_content_hash",
    );
  }
  const changed = upsertDocument(
    db,
    {
      doc_id: doc.doc_id,
      title: p.title ?? doc.title,
      kind: p.kind ?? doc.kind,
      content: p.content ?? doc.content,
      status: "approved",
      source_path: p.source_path === undefined ? doc.source_path : p.source_path,
      priority: p.priority ?? doc.priority,
      description: p.description === undefined ? doc.description : p.description,
    },
    version,
  );
  const change = noChange();
  if (changed) {
    change.documents_updated.push(p.doc_id);
    change.standing_changed = row.origin === "standing";
  }
  return change;
}

/** deprecate_doc: the document leaves every compile, and so does every edge that reaches it or starts from it. */
export function deprecateDocument(db: Db, docId: string, version: number): KnowledgeChange {
  const row = documentState(db, docId);
  if (!row) throw new UserError(`Document "${docId}" does not exist.`, undefined, "doc_id");
  if (row.status === "deprecated")
    throw new UserError(`Document "${docId}" is already deprecated.`, undefined, "doc_id");
  markDocumentDeprecated(db, docId, version);
  const change = noChange();
  change.documents_removed.push(docId);
  change.standing_changed = row.origin === "standing";
  for (const edge of edgesOfDocument(db, docId)) {
    if (edge.status === "deprecated") continue;
    deprecateEdge(db, edge.edge_id);
    change.edges_removed.push(edge.edge_id);
  }
  return change;
}
