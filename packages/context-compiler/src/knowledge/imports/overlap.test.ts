import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  OVERLAP_THRESHOLD,
  type Overlap,
  overlapFinder,
  overlapsAmong,
  similarity,
  type Termed,
} from "./overlap.js";

/** What the finder must equal: every other set scored, the best three kept. */
function everyPair(subject: Termed, others: readonly Termed[]): Overlap[] {
  return others
    .filter((o) => o.id !== subject.id)
    .map((o) => ({ doc_id: o.id, score: similarity(subject.terms, o.terms) }))
    .filter((o) => o.score >= OVERLAP_THRESHOLD)
    .sort((a, b) => b.score - a.score || (a.doc_id < b.doc_id ? -1 : 1))
    .slice(0, 3);
}

// A small vocabulary, so random sets overlap often and near the threshold.
const termSet = fc
  .uniqueArray(fc.integer({ min: 0, max: 24 }), { maxLength: 16 })
  .map((ns) => new Set(ns.map((n) => `t${n}`)));
const collection = fc
  .array(termSet, { maxLength: 30 })
  .map((sets) => sets.map((terms, i): Termed => ({ id: `doc-${i}`, terms })));

describe("finding overlaps through the index", () => {
  it("finds exactly what a comparison of every pair finds, among the items themselves", () => {
    fc.assert(
      fc.property(collection, (items) => {
        const find = overlapFinder(items);
        for (const item of items) expect(find(item)).toEqual(everyPair(item, items));
        expect(overlapsAmong(items)).toEqual(items.map((item) => everyPair(item, items)));
      }),
      { numRuns: 300 },
    );
  });

  it("finds exactly what a comparison of every pair finds, for subjects with terms the others lack", () => {
    const subjects = fc
      .array(fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 20 }), { maxLength: 8 })
      .map((sets) =>
        sets.map((ns, i): Termed => ({ id: `new-${i}`, terms: new Set(ns.map((n) => `t${n}`)) })),
      );
    fc.assert(
      fc.property(collection, subjects, (others, news) => {
        const find = overlapFinder(others);
        for (const subject of news) expect(find(subject)).toEqual(everyPair(subject, others));
      }),
      { numRuns: 300 },
    );
  });

  it("reports a pair whose similarity rounds up to the threshold", () => {
    // 7 shared of 20 in the union is 0.35 exactly; 0.3495 would round to it as well.
    const shared = ["a", "b", "c", "d", "e", "f", "g"];
    const subject = { id: "x", terms: new Set([...shared, "x1", "x2", "x3", "x4", "x5", "x6"]) };
    const other = { id: "y", terms: new Set([...shared, "y1", "y2", "y3", "y4", "y5", "y6", "y7"]) };
    expect(overlapFinder([other])(subject)).toEqual([{ doc_id: "y", score: 0.35 }]);
  });
});
