// impact: the rule surface a set of files enters, with the edges that prove it.
import { UserError } from "@archon/core";
import { toRepoPath } from "../read/glob.js";
import type { IndexedDoc, KnowledgeIndex } from "../read/knowledge-index.js";
import { compareDocs } from "../read/order.js";
import { type FiredStep, resolve } from "../read/resolve.js";

/** One edge that fired, with what fired it: a file, a layer, or the document it was followed from. */
export interface ImpactEvidence {
  edge_type: string;
  edge_id: number;
  pattern: string;
  /** The repo path a path or layer edge matched; null for a dependency. */
  matched_file: string | null;
  /** The layer a layer edge matched; null otherwise. */
  layer: string | null;
  /** The document a doc_depends_on edge was followed from; null otherwise. */
  parent_doc_id: string | null;
}

export interface ImpactedDoc {
  doc_id: string;
  title: string;
  kind: string;
  evidence: ImpactEvidence[];
  via_dependency_chain: string[];
}

const sortKey = (e: ImpactEvidence) => `${e.matched_file ?? ""}\0${e.layer ?? ""}\0${e.parent_doc_id ?? ""}`;

/** The shortest chain from a directly matched document down to docId (exclusive), ties broken by doc_id. */
function dependencyChain(
  stepsOf: ReadonlyMap<string, FiredStep[]>,
  direct: (id: string) => boolean,
  docId: string,
): string[] {
  const parent = new Map<string, string>();
  const queue = [docId];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    if (node !== docId && direct(node)) {
      const path: string[] = [];
      for (let at: string | undefined = node; at !== undefined && at !== docId; at = parent.get(at))
        path.push(at);
      return path;
    }
    const parents = (stepsOf.get(node) ?? [])
      .filter((s) => s.via === "doc_depends_on")
      .map((s) => s.parent_doc_id as string)
      .sort();
    for (const p of parents) {
      if (parent.has(p) || p === docId) continue;
      parent.set(p, node);
      queue.push(p);
    }
  }
  return [];
}

export function impact(index: KnowledgeIndex, inputFiles: readonly string[], projectRoot: string) {
  const files = [
    ...new Set(inputFiles.map((f) => toRepoPath(projectRoot, f)).filter((f): f is string => f !== undefined)),
  ].sort();
  if (files.length === 0)
    throw new UserError("files names no path inside the project.", "Give repo-relative paths.", "files");
  // command_requires is out of scope: impact answers "which rules do these files enter".
  const resolution = resolve(index, { files });
  const stepsOf = new Map<string, FiredStep[]>();
  for (const step of resolution.steps) stepsOf.set(step.doc_id, [...(stepsOf.get(step.doc_id) ?? []), step]);
  const direct = (id: string) => (stepsOf.get(id) ?? []).some((s) => s.via !== "doc_depends_on");

  const spec = (id: string) => resolution.specificity.get(id) ?? 0;
  const docs = [...stepsOf.keys()]
    .map((id) => index.docs.get(id) as IndexedDoc)
    .sort((a, b) => compareDocs(a, b, spec(a.doc_id), spec(b.doc_id)));
  const documents: ImpactedDoc[] = docs.map((doc) => {
    const steps = stepsOf.get(doc.doc_id) ?? [];
    const isDirect = direct(doc.doc_id);
    return {
      doc_id: doc.doc_id,
      title: doc.title,
      kind: doc.kind,
      evidence: steps
        .filter((s) => (isDirect ? s.via !== "doc_depends_on" : true))
        .map((s) => ({
          edge_type: s.via,
          edge_id: s.edge_id,
          pattern: s.source_value,
          matched_file: s.file,
          layer: s.layer,
          parent_doc_id: s.parent_doc_id,
        }))
        .sort((a, b) => a.edge_id - b.edge_id || (sortKey(a) < sortKey(b) ? -1 : 1)),
      via_dependency_chain: isDirect ? [] : dependencyChain(stepsOf, direct, doc.doc_id),
    };
  });
  return { knowledge_version: index.knowledge_version, files, documents };
}
