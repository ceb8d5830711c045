import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  OVERLAP_THRESHOLD,
  type Overlap,
  type OverlapReport,
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

const exact = (overlaps: Overlap[]) => ({ overlaps, capped: false });

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
        const find = overlapFinder(items, items.length);
        for (const item of items) expect(find(item)).toEqual(exact(everyPair(item, items)));
        expect(overlapsAmong(items)).toEqual(items.map((item) => exact(everyPair(item, items))));
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
        const find = overlapFinder(others, news.length);
        for (const subject of news) expect(find(subject)).toEqual(exact(everyPair(subject, others)));
      }),
      { numRuns: 300 },
    );
  });

  it("reports a pair whose similarity rounds up to the threshold", () => {
    // 7 shared of 20 in the union is 0.35 exactly; 0.3495 would round to it as well.
    const shared = ["a", "b", "c", "d", "e", "f", "g"];
    const subject = { id: "x", terms: new Set([...shared, "x1", "x2", "x3", "x4", "x5", "x6"]) };
    const other = { id: "y", terms: new Set([...shared, "y1", "y2", "y3", "y4", "y5", "y6", "y7"]) };
    expect(overlapFinder([other], 1)(subject)).toEqual(exact([{ doc_id: "y", score: 0.35 }]));
  });
});

// Sets drawn from a pool of a few, so many are identical to another.
const withTwins = fc
  .tuple(fc.array(termSet, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { maxLength: 30 }))
  .map(([pool, picks]) =>
    picks.map(
      (p, i): Termed => ({ id: `doc-${(i * 7) % 31}-${i}`, terms: pool[p % pool.length] as Set<string> }),
    ),
  );

describe("identical term sets", () => {
  it("are reported as duplicates of each other with the others they overlap, as every pair finds", () => {
    fc.assert(
      fc.property(withTwins, (items) => {
        const find = overlapFinder(items, items.length);
        for (const item of items) expect(find(item)).toEqual(exact(everyPair(item, items)));
        expect(overlapsAmong(items)).toEqual(items.map((item) => exact(everyPair(item, items))));
      }),
      { numRuns: 300 },
    );
  });

  it("cost one search for any number of copies, so ten thousand copies are never cut short", () => {
    const terms = new Set(["validate", "input", "route", "boundary", "typed", "errors"]);
    const items = Array.from({ length: 10_000 }, (_, i): Termed => ({ id: `copy-${i}`, terms }));
    const reports = overlapsAmong(items, { entries: 0, floor: 8, found: 1 });
    const twins = (ids: string[]) => ({
      overlaps: ids.map((doc_id) => ({ doc_id, score: 1 })),
      capped: false,
    });
    // Ids sort as strings: copy-0, copy-1, copy-10, copy-100, ...
    expect(reports[0]).toEqual(twins(["copy-1", "copy-10", "copy-100"]));
    expect(reports[1]).toEqual(twins(["copy-0", "copy-10", "copy-100"]));
    expect(reports[9_999]).toEqual(twins(["copy-0", "copy-1", "copy-10"]));
    expect(reports.every((r) => r.capped === false && r.overlaps.length === 3)).toBe(true);
  });
});

const budget = fc.record({
  entries: fc.integer({ min: 0, max: 200 }),
  floor: fc.integer({ min: 0, max: 10 }),
  found: fc.integer({ min: 0, max: 4 }),
});

describe("a search that meets its budget", () => {
  it("reports only real overlaps with their true scores, and every list it does not call capped is exact", () => {
    fc.assert(
      fc.property(fc.oneof(collection, withTwins), budget, (items, limits) => {
        const truth = (item: Termed) => everyPair(item, items);
        const check = (report: OverlapReport, item: Termed) => {
          const all = items
            .filter((o) => o.id !== item.id)
            .map((o) => ({ doc_id: o.id, score: similarity(item.terms, o.terms) }));
          for (const o of report.overlaps) expect(all).toContainEqual(o);
          if (!report.capped) expect(report.overlaps).toEqual(truth(item));
        };
        const find = overlapFinder(items, items.length, limits);
        for (const item of items) check(find(item), item);
        const reports = overlapsAmong(items, limits);
        for (let i = 0; i < items.length; i++) check(reports[i] as OverlapReport, items[i] as Termed);
      }),
      { numRuns: 500 },
    );
  });

  it("says so when near-duplicates outnumber what it counts, and still reports overlaps among them", () => {
    const base = Array.from({ length: 40 }, (_, n) => `base${n}`);
    const items = Array.from(
      { length: 600 },
      (_, i): Termed => ({
        id: `near-${String(i).padStart(3, "0")}`,
        terms: new Set([...base, `own${i}`, `own${i}b`]),
      }),
    );
    const reports = overlapsAmong(items, { entries: 50_000, floor: 100, found: 50 });
    // Two own terms each: every pair shares the 40 base terms of 44 in their union.
    const score = similarity(items[0]?.terms as Set<string>, items[1]?.terms as Set<string>);
    expect(score).toBe(0.909);
    expect(reports.every((r) => r.overlaps.length === 3 && r.overlaps.every((o) => o.score === score))).toBe(
      true,
    );
    expect(reports.filter((r) => r.capped).length).toBeGreaterThan(500);
    expect(reports.filter((r) => !r.capped)).toEqual(
      items.filter((_, i) => !reports[i]?.capped).map((item) => exact(everyPair(item, items))),
    );
  });
});
