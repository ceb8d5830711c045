// knowledge_hash: one name for what a compile can see, the same on every machine that holds the same
// rules, whatever knowledge_version, snapshot ids or edge rowids its database gave them (P-1).
import { canonicalJson, hashCanonical, sha256 } from "@archon/core";
import type { IndexedDoc, IndexedEdge, KnowledgeRows, LayerRule } from "./knowledge-index.js";
import { canonicalTagCatalog } from "./tag-catalog.js";

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Edges in an order of what they say, not of when they were inserted: edge_id is a rowid, so two
 * databases built from the same rules in another order number them differently. Used for indexing too,
 * so that nothing a compile reports (near misses, refused globs) follows insertion order.
 */
export function canonicalEdgeOrder(edges: readonly IndexedEdge[]): IndexedEdge[] {
  return [...edges].sort(
    (a, b) =>
      compareText(a.edge_type, b.edge_type) ||
      compareText(a.source_value, b.source_value) ||
      compareText(a.target_doc_id, b.target_doc_id) ||
      a.edge_id - b.edge_id,
  );
}

/**
 * sha256 of the canonical JSON of the documents, edges and layer rules an index holds: every field of a
 * document but content_bytes (its content_hash already names the content), every edge as an
 * [edge_type, source_value, target_doc_id] triple (its edge_id left out), every layer rule, each list
 * sorted. It moves with the knowledge version, so an index computes it once when it is built.
 */
export function canonicalRowsHash(
  docs: Iterable<IndexedDoc>,
  edges: readonly IndexedEdge[],
  layerRules: readonly LayerRule[],
): string {
  const documents = [...docs]
    .map(({ content_bytes: _bytes, ...seen }) => seen)
    .sort((a, b) => compareText(a.doc_id, b.doc_id));
  // Made whole and hashed once: the digest hashCanonical gives, faster over tens of thousands of small
  // values, where its pieces save nothing; edges go as triples, which sort no keys. On the 10k-document
  // bench (33k edges) this is about 55 ms of a 120 ms index build, against 64 ms as hashCanonical of objects.
  return sha256(
    canonicalJson({
      documents,
      edges: canonicalEdgeOrder(edges).map((e) => [e.edge_type, e.source_value, e.target_doc_id]),
      layer_rules: [...layerRules]
        .map(({ path_pattern, layer_name }) => ({ path_pattern, layer_name }))
        .sort(
          (a, b) => compareText(a.path_pattern, b.path_pattern) || compareText(a.layer_name, b.layer_name),
        ),
    }),
  );
}

/**
 * The knowledge_hash: the rows' hash with the tag catalog's. Tags move without a version bump, so the
 * two are kept apart and a tag write costs one more small hash, not a pass over every document.
 */
export const knowledgeHash = (rowsHash: string, tagCatalogHash: string): string =>
  hashCanonical({ rows: rowsHash, tag_catalog: tagCatalogHash });

/**
 * The knowledge_hash buildIndex gives these rows, without building the index: what a snapshot records of
 * the knowledge it holds. The same steps as buildIndex: template documents marked, edges to documents
 * the rows lack and tags of such documents left out.
 */
export function rowsKnowledgeHash(rows: Omit<KnowledgeRows, "knowledge_version" | "snapshot_id">): string {
  const fromTemplate = new Set(rows.template_doc_ids ?? []);
  const docs = rows.documents.map((d) =>
    fromTemplate.has(d.doc_id) ? { ...d, from_template: true as const } : d,
  );
  const ids = new Set(docs.map((d) => d.doc_id));
  const tags = canonicalTagCatalog(rows.tags.filter((t) => ids.has(t.doc_id)));
  return knowledgeHash(
    canonicalRowsHash(
      docs,
      rows.edges.filter((e) => ids.has(e.target_doc_id)),
      rows.layer_rules,
    ),
    tags.hash,
  );
}
