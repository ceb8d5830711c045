// The read path's view of one knowledge version and one tag catalog: approved rows only (INV-1), globs
// indexed once.

import { significantTerms } from "./description-match.js";
import { specificity } from "./glob.js";
import { GlobIndex } from "./glob-index.js";
import { canonicalEdgeOrder, canonicalRowsHash, knowledgeHash } from "./knowledge-hash.js";
import { canonicalTagCatalog, type TagAssignment } from "./tag-catalog.js";

export interface IndexedDoc {
  doc_id: string;
  title: string;
  kind: string;
  content_hash: string;
  content_bytes: number;
  source_path: string | null;
  priority: number;
  /** What a plan is matched against (reaching the document in `expanded`); null for most documents. */
  description: string | null;
  /** Set by buildIndex for a document the init manifest lists: a template bootstrapped it (order.ts). */
  from_template?: true;
}

export interface IndexedEdge {
  edge_id: number;
  edge_type: string;
  source_value: string;
  target_doc_id: string;
}

export interface LayerRule {
  path_pattern: string;
  layer_name: string;
}

export interface KnowledgeRows {
  knowledge_version: number;
  snapshot_id: string | null;
  documents: IndexedDoc[];
  edges: IndexedEdge[];
  layer_rules: LayerRule[];
  tags: TagAssignment[];
  /**
   * The doc_ids the init manifest lists as the applied template's. Absent where no manifest is read
   * (an index built from a seed file, a test): every document is then the project's own.
   */
  template_doc_ids?: readonly string[];
}

export interface KnowledgeIndex {
  knowledge_version: number;
  snapshot_id: string | null;
  docs: ReadonlyMap<string, IndexedDoc>;
  pathEdges: GlobIndex<IndexedEdge>;
  layerRules: GlobIndex<{ layer_name: string; specificity: number }>;
  layerEdges: ReadonlyMap<string, IndexedEdge[]>;
  commandEdges: ReadonlyMap<string, IndexedEdge[]>;
  /** doc_id → the edges naming what it depends on (edge.target_doc_id is the dependency). */
  dependencies: ReadonlyMap<string, IndexedEdge[]>;
  /** tag → approved doc_ids, sorted. */
  tags: ReadonlyMap<string, string[]>;
  /** The canonical bytes of the assignments behind `tags`, kept so the audit can record what a compile used. */
  tag_catalog_bytes: string;
  tag_catalog_hash: string;
  /** The documents, edges and layer rules by content (knowledge-hash.ts): computed once per build. */
  rows_hash: string;
  /** rows_hash with tag_catalog_hash: the same for the same rules on any machine, whatever their version. */
  knowledge_hash: string;
  /** doc_id → the significant terms of its description, for documents that have one. */
  descriptions: ReadonlyMap<string, ReadonlySet<string>>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Builds the index from rows the store has already filtered to approved documents and edges. */
export function buildIndex(rows: KnowledgeRows): KnowledgeIndex {
  const fromTemplate = new Set(rows.template_doc_ids ?? []);
  const docs = new Map(
    rows.documents.map((d) => [
      d.doc_id,
      fromTemplate.has(d.doc_id) ? { ...d, from_template: true as const } : d,
    ]),
  );
  const pathEdges = new GlobIndex<IndexedEdge>();
  const layerEdges = new Map<string, IndexedEdge[]>();
  const commandEdges = new Map<string, IndexedEdge[]>();
  const dependencies = new Map<string, IndexedEdge[]>();
  const edges = canonicalEdgeOrder(rows.edges).filter((edge) => docs.has(edge.target_doc_id));
  for (const edge of edges) {
    switch (edge.edge_type) {
      case "path_requires":
        pathEdges.add(edge.source_value, edge);
        break;
      case "layer_requires":
        push(layerEdges, edge.source_value, edge);
        break;
      case "command_requires":
        push(commandEdges, edge.source_value, edge);
        break;
      case "doc_depends_on":
        if (docs.has(edge.source_value)) push(dependencies, edge.source_value, edge);
        break;
    }
  }
  const layerRules = new GlobIndex<{ layer_name: string; specificity: number }>();
  for (const rule of rows.layer_rules) {
    layerRules.add(rule.path_pattern, {
      layer_name: rule.layer_name,
      specificity: specificity(rule.path_pattern),
    });
  }
  const descriptions = new Map<string, ReadonlySet<string>>();
  for (const doc of rows.documents) {
    const terms = doc.description === null ? undefined : significantTerms(doc.description);
    if (terms && terms.size > 0) descriptions.set(doc.doc_id, terms);
  }
  const rows_hash = canonicalRowsHash(docs.values(), edges, rows.layer_rules);
  return {
    knowledge_version: rows.knowledge_version,
    snapshot_id: rows.snapshot_id,
    docs,
    pathEdges,
    layerRules,
    layerEdges,
    commandEdges,
    dependencies,
    rows_hash,
    ...indexTags(docs, rows.tags, rows_hash),
    descriptions,
  };
}

/** The same index with another tag catalog: a tag change needs no rebuild of the globs. */
export function withTags(index: KnowledgeIndex, tags: readonly TagAssignment[]): KnowledgeIndex {
  return { ...index, ...indexTags(index.docs, tags, index.rows_hash) };
}

function indexTags(
  docs: ReadonlyMap<string, IndexedDoc>,
  assignments: readonly TagAssignment[],
  rowsHash: string,
): Pick<KnowledgeIndex, "tags" | "tag_catalog_bytes" | "tag_catalog_hash" | "knowledge_hash"> {
  const used = assignments.filter((a) => docs.has(a.doc_id));
  const tags = new Map<string, string[]>();
  for (const { tag, doc_id } of used) push(tags, tag, doc_id);
  for (const ids of tags.values()) ids.sort();
  const { bytes, hash } = canonicalTagCatalog(used);
  return {
    tags,
    tag_catalog_bytes: bytes,
    tag_catalog_hash: hash,
    knowledge_hash: knowledgeHash(rowsHash, hash),
  };
}
