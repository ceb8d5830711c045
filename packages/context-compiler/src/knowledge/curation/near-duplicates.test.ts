import { describe, expect, it } from "vitest";
import { dependencyCycles } from "./dependency-cycles.js";
import { nearDuplicates } from "./near-duplicates.js";

const text = (doc_id: string, content: string) => ({ doc_id, title: "Rule", content });

describe("near-duplicate rules", () => {
  it("pairs documents whose wording overlaps above the threshold, most similar first", () => {
    const base = "validate request bodies with the shared schema before calling services";
    const pairs = nearDuplicates([
      text("c", `${base} always`),
      text("a", base),
      text("b", `${base}.`),
      text("other", "log every failed payment with the order id and the provider response"),
    ]);
    expect(pairs).toEqual([
      { doc_ids: ["a", "b"], similarity: 1 },
      { doc_ids: ["a", "c"], similarity: 0.9 },
      { doc_ids: ["b", "c"], similarity: 0.9 },
    ]);
  });

  it("finds exactly what an all-pairs comparison finds", () => {
    const words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu".split(" ");
    const docs = Array.from({ length: 40 }, (_, i) =>
      text(
        `d${String(i).padStart(2, "0")}`,
        words.filter((_, w) => (i * 7 + w * 3) % 5 !== 0 || w === i % 12).join(" "),
      ),
    );
    const jaccard = (x: string, y: string) => {
      const a = new Set(`rule ${x}`.split(" "));
      const b = new Set(`rule ${y}`.split(" "));
      const shared = [...a].filter((t) => b.has(t)).length;
      return shared / (a.size + b.size - shared);
    };
    const expected: string[] = [];
    for (let i = 0; i < docs.length; i++)
      for (let j = i + 1; j < docs.length; j++)
        if (jaccard(docs[i]?.content ?? "", docs[j]?.content ?? "") >= 0.7)
          expected.push(`${docs[i]?.doc_id}:${docs[j]?.doc_id}`);
    const found = nearDuplicates(docs, 0.7).map((p) => p.doc_ids.join(":"));
    expect(found.sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(0);
  });

  it("ignores documents too short to judge", () => {
    expect(nearDuplicates([text("a", "use tabs"), text("b", "use tabs")])).toEqual([]);
  });
});

describe("dependency cycles", () => {
  it("reports each cycle once with its documents and edges, and nothing for a DAG", () => {
    const edge = (edge_id: number, from: string, to: string) => ({
      edge_id,
      source_value: from,
      target_doc_id: to,
    });
    expect(dependencyCycles([edge(1, "a", "b"), edge(2, "b", "c"), edge(3, "a", "c")])).toEqual([]);
    expect(
      dependencyCycles([
        edge(1, "a", "b"),
        edge(2, "b", "c"),
        edge(3, "c", "a"),
        edge(4, "c", "d"),
        edge(5, "x", "x"),
      ]),
    ).toEqual([
      { doc_ids: ["a", "b", "c"], edge_ids: [1, 2, 3] },
      { doc_ids: ["x"], edge_ids: [5] },
    ]);
  });
});
