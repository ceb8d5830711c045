import { sha256 } from "@archon/core";
import { describe, expect, it } from "vitest";
import { buildIndex, type KnowledgeRows, withTags } from "./knowledge-index.js";
import { canonicalTagCatalog } from "./tag-catalog.js";

const rows: KnowledgeRows = {
  knowledge_version: 7,
  snapshot_id: "snap_v7",
  documents: [
    {
      doc_id: "b",
      title: "B",
      kind: "guideline",
      content_hash: "hb",
      content_bytes: 10,
      source_path: null,
      priority: 100,
      description: null,
    },
    {
      doc_id: "a",
      title: "A",
      kind: "pattern",
      content_hash: "ha",
      content_bytes: 20,
      source_path: "docs/a.md",
      priority: 5,
      description: "errors",
    },
  ],
  edges: [
    { edge_id: 9, edge_type: "path_requires", source_value: "src/**", target_doc_id: "b" },
    { edge_id: 3, edge_type: "layer_requires", source_value: "api", target_doc_id: "a" },
  ],
  layer_rules: [{ path_pattern: "src/api/**", layer_name: "api" }],
  tags: [{ tag: "auth", doc_id: "a" }],
};

describe("the knowledge hash", () => {
  it("is the sha256 of the canonical JSON of the sorted rows, without rowids or sizes, then with the tag catalog", () => {
    const rowsBytes =
      '{"documents":[{"content_hash":"ha","description":"errors","doc_id":"a","kind":"pattern","priority":5,"source_path":"docs/a.md","title":"A"},' +
      '{"content_hash":"hb","description":null,"doc_id":"b","kind":"guideline","priority":100,"source_path":null,"title":"B"}],' +
      '"edges":[["layer_requires","api","a"],["path_requires","src/**","b"]],' +
      '"layer_rules":[{"layer_name":"api","path_pattern":"src/api/**"}]}';
    const tags = canonicalTagCatalog(rows.tags).hash;
    const index = buildIndex(rows);
    expect({ rows: index.rows_hash, knowledge: index.knowledge_hash }).toEqual({
      rows: sha256(rowsBytes),
      knowledge: sha256(`{"rows":"${sha256(rowsBytes)}","tag_catalog":"${tags}"}`),
    });
  });

  it("does not depend on row order, edge ids, sizes, the version or the snapshot", () => {
    const renumbered: KnowledgeRows = {
      ...rows,
      knowledge_version: 2,
      snapshot_id: "snap_v2",
      documents: [...rows.documents].reverse().map((d) => ({ ...d, content_bytes: 1 })),
      edges: rows.edges.map((e, i) => ({ ...e, edge_id: 100 - i })).reverse(),
    };
    expect(buildIndex(renumbered).knowledge_hash).toBe(buildIndex(rows).knowledge_hash);
  });

  it("moves with the tag catalog alone, without a rebuild of the rows' hash", () => {
    const index = buildIndex(rows);
    const retagged = withTags(index, [{ tag: "auth", doc_id: "b" }]);
    expect({
      rows: retagged.rows_hash === index.rows_hash,
      knowledge: retagged.knowledge_hash === index.knowledge_hash,
    }).toEqual({
      rows: true,
      knowledge: false,
    });
  });
});
