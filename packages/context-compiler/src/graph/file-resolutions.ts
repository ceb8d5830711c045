// Which documents a compile of each project file reaches, worked out once so the offline page can answer
// "which rules does this file get?" without a compiler of its own.
import type { KnowledgeIndex } from "../read/knowledge-index.js";
import { compareDocs } from "../read/order.js";
import { resolve } from "../read/resolve.js";

/** One distinct answer: the documents in compile order and the edges that fired to reach them. */
export interface FileHit {
  doc_ids: string[];
  edge_ids: number[];
}

export interface FileResolutions {
  /** Distinct answers, in the order their first file appears. */
  hits: FileHit[];
  /** Repo-relative path → index into `hits`, only for files some rule reaches, by path. */
  files: Record<string, number>;
  /** How many project files were looked at, reached or not. */
  total: number;
}

/** The compile's resolution steps for one file, as the documents it delivers in its order and the edges used. */
function resolveFile(index: KnowledgeIndex, file: string): FileHit {
  const r = resolve(index, { files: [file] });
  const reached = [...r.specificity.keys()].flatMap((id) => {
    const doc = index.docs.get(id);
    return doc ? [{ doc, spec: r.specificity.get(id) ?? 0 }] : [];
  });
  const doc_ids = reached.sort((a, b) => compareDocs(a.doc, b.doc, a.spec, b.spec)).map((d) => d.doc.doc_id);
  const edge_ids = [...new Set(r.steps.map((s) => s.edge_id))].sort((a, b) => a - b);
  return { doc_ids, edge_ids };
}

export function fileResolutions(index: KnowledgeIndex, projectFiles: readonly string[]): FileResolutions {
  const hits: FileHit[] = [];
  const known = new Map<string, number>();
  const files: Record<string, number> = {};
  for (const file of [...projectFiles].sort()) {
    const hit = resolveFile(index, file);
    if (hit.doc_ids.length === 0) continue;
    const key = JSON.stringify(hit);
    let at = known.get(key);
    if (at === undefined) {
      at = hits.length;
      hits.push(hit);
      known.set(key, at);
    }
    files[file] = at;
  }
  return { hits, files, total: projectFiles.length };
}
