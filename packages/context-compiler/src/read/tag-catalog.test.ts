import { canonicalJson, sha256 } from "@archon/core";
import { describe, expect, it } from "vitest";
import { buildIndex, withTags } from "./knowledge-index.js";
import { canonicalTagCatalog } from "./tag-catalog.js";

describe("the tag catalog hash", () => {
  it("is the sha256 of the canonical JSON of the assignments sorted by tag, then doc_id", () => {
    const catalog = canonicalTagCatalog([
      { tag: "db", doc_id: "migrations" },
      { tag: "auth", doc_id: "sessions" },
      { tag: "auth", doc_id: "login" },
    ]);
    const bytes =
      '[{"doc_id":"login","tag":"auth"},{"doc_id":"sessions","tag":"auth"},{"doc_id":"migrations","tag":"db"}]';
    expect(catalog).toEqual({ bytes, hash: sha256(bytes) });
  });

  it("does not depend on the order the rows arrive in, nor on fields beside tag and doc_id", () => {
    const rows = [
      { tag: "auth", doc_id: "b" },
      { tag: "auth", doc_id: "a" },
      { tag: "Auth", doc_id: "c" },
    ];
    const reversed = [...rows].reverse().map((r) => ({ ...r, extra: 1 }));
    expect(canonicalTagCatalog(reversed)).toEqual(canonicalTagCatalog(rows));
  });

  it("changes when one assignment changes, and names the empty catalog too", () => {
    const one = canonicalTagCatalog([{ tag: "auth", doc_id: "a" }]).hash;
    const moved = canonicalTagCatalog([{ tag: "auth", doc_id: "b" }]).hash;
    expect(new Set([one, moved, canonicalTagCatalog([]).hash]).size).toBe(3);
    expect(canonicalTagCatalog([]).hash).toBe(sha256(canonicalJson([])));
  });
});

describe("the tag catalog of an index", () => {
  const doc = (doc_id: string) => ({
    doc_id,
    title: doc_id,
    kind: "guideline",
    content_hash: sha256(doc_id),
    content_bytes: doc_id.length,
    source_path: null,
    priority: 100,
    description: null,
  });
  const rows = {
    knowledge_version: 2,
    snapshot_id: "snap_v2",
    documents: [doc("a"), doc("b")],
    edges: [{ edge_id: 1, edge_type: "path_requires", source_value: "src/**", target_doc_id: "a" }],
    layer_rules: [],
    tags: [
      { tag: "auth", doc_id: "b" },
      { tag: "auth", doc_id: "gone" },
    ],
  };

  it("hashes only assignments of documents in the index, as the compile sees them", () => {
    const index = buildIndex(rows);
    expect({ tags: [...index.tags], hash: index.tag_catalog_hash }).toEqual({
      tags: [["auth", ["b"]]],
      hash: canonicalTagCatalog([{ tag: "auth", doc_id: "b" }]).hash,
    });
  });

  it("swaps the tags without rebuilding the rest of the index", () => {
    const index = buildIndex(rows);
    const retagged = withTags(index, [{ tag: "style", doc_id: "a" }]);
    expect({
      tags: [...retagged.tags],
      hash: retagged.tag_catalog_hash,
      sameGlobs: retagged.pathEdges === index.pathEdges,
      sameDocs: retagged.docs === index.docs,
      untouched: [...index.tags],
    }).toEqual({
      tags: [["style", ["a"]]],
      hash: canonicalTagCatalog([{ tag: "style", doc_id: "a" }]).hash,
      sameGlobs: true,
      sameDocs: true,
      untouched: [["auth", ["b"]]],
    });
  });
});
