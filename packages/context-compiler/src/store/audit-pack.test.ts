import { openDatabase } from "@archon/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AuditOutcome,
  budgetDrops,
  deliveredCount,
  legacyOutcome,
  packOutcome,
  unpackOutcome,
} from "./audit-pack.js";
import { AuditTerms } from "./audit-terms.js";

function terms() {
  const db = openDatabase(":memory:");
  db.exec("CREATE TABLE audit_terms (term_id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE)");
  return new AuditTerms(() => db);
}

const text = fc.string({ unit: "binary", maxLength: 40 });
const delivery = fc.oneof(
  fc.record({ doc_id: text, delivery: fc.constant("inline" as const), reason: fc.constant(null) }),
  fc.record({
    doc_id: text,
    delivery: fc.constantFrom("deferred" as const, "omitted" as const),
    reason: text,
  }),
);
const outcome: fc.Arbitrary<AuditOutcome> = fc.record({
  deliveries: fc.array(delivery, { maxLength: 60 }),
  budget: fc.record({
    inline_bytes: fc.nat(),
    max_inline_bytes: fc.integer({ min: 1, max: 2 ** 40 }),
    content_mode: fc.constantFrom("auto", "always", "metadata"),
  }),
  near_miss_edges: fc.array(
    fc.record({ file: text, pattern: text, doc_ids: fc.array(text, { maxLength: 8 }) }),
    {
      maxLength: 10,
    },
  ),
  layer_classification: fc.array(
    fc.record({
      file: text,
      layer: fc.option(text, { nil: null }),
      rule_pattern: fc.option(text, { nil: null }),
    }),
    { maxLength: 10 },
  ),
});

describe("the packed audit outcome", () => {
  it("gives back exactly the outcome it packed, any strings included", () => {
    const t = terms();
    fc.assert(
      fc.property(outcome, (o) => {
        expect(unpackOutcome(packOutcome(o, t), t)).toEqual({ packed: o });
      }),
    );
  });

  it("reads with a fresh term cache what another connection's cache wrote", () => {
    const db = openDatabase(":memory:");
    db.exec("CREATE TABLE audit_terms (term_id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE)");
    const o: AuditOutcome = {
      deliveries: [
        { doc_id: "api-errors", delivery: "inline", reason: null },
        { doc_id: "big-guide", delivery: "deferred", reason: "over_budget" },
      ],
      budget: { inline_bytes: 1200, max_inline_bytes: 8192, content_mode: "auto" },
      near_miss_edges: [{ file: "apps/web/src/a.ts", pattern: "apps/web/src/*.tsx", doc_ids: ["ui"] }],
      layer_classification: [{ file: "apps/web/src/a.ts", layer: null, rule_pattern: null }],
    };
    const packed = packOutcome(o, new AuditTerms(() => db));
    expect(unpackOutcome(packed, new AuditTerms(() => db))).toEqual({ packed: o });
    // The web UI's compile log counts deliveries from the head alone, packed or legacy.
    expect(deliveredCount(packed)).toBe(2);
    expect(
      deliveredCount(
        legacyOutcome(JSON.stringify({ resolved_doc_ids: ["a", "b", "c"], delivery: {}, debug: {} })),
      ),
    ).toBe(3);
    expect(deliveredCount(null)).toBe(0);
    // Ten documents' worth of ids, reasons and paths: a few bytes each once the terms exist.
    expect(packed.length).toBeLessThan(40);
  });

  it("lists the drops as compile() does: each document not inlined, once, in doc_id order", () => {
    expect(
      budgetDrops([
        { doc_id: "b", delivery: "omitted", reason: "below_min_relevance" },
        { doc_id: "a", delivery: "inline", reason: null },
        { doc_id: "c", delivery: "deferred", reason: "over_budget" },
        { doc_id: "b", delivery: "omitted", reason: "below_min_relevance" },
      ]),
    ).toEqual([
      { doc_id: "b", delivery: "omitted", reason: "below_min_relevance" },
      { doc_id: "c", delivery: "deferred", reason: "over_budget" },
    ]);
  });
});
