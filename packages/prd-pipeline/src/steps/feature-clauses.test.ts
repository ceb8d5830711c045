import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { epicSignals, refinedFeature } from "./feasibility-gate.step.js";
import { featureClauses } from "./feature-clauses.js";

describe("splitting a feature text into clauses", () => {
  it("splits a list of features and clauses joined by a conjunction", () => {
    expect(featureClauses("Add login, CSV export and billing")).toEqual([
      "Add login",
      "CSV export",
      "billing",
    ]);
    expect(featureClauses("Let members sign in with SSO and let admins manage their roles")).toEqual([
      "Let members sign in with SSO",
      "let admins manage their roles",
    ]);
  });

  it("never splits inside brackets or a list of options after a colon", () => {
    const text = "Let members snooze a reminder (presets: later today, tomorrow, next week)";
    expect(featureClauses(text)).toEqual([text]);
    expect(featureClauses("Snooze presets: later today, tomorrow, next week")).toEqual([
      "Snooze presets: later today, tomorrow, next week",
    ]);
    expect(epicSignals(text)).toBe(0);
  });

  it("keeps short noun pairs and dotted names together", () => {
    expect(featureClauses("Export invoices and receipts as PDF")).toEqual([
      "Export invoices and receipts as PDF",
    ]);
    expect(featureClauses("Upgrade the app to Next.js 15")).toEqual(["Upgrade the app to Next.js 15"]);
  });
});

// Clauses of three or more words, so that any conjunction between them is a clause boundary.
const clause = fc
  .array(
    fc.constantFrom("members", "export", "invoices", "reports", "weekly", "schedule", "admins", "roles"),
    {
      minLength: 3,
      maxLength: 6,
    },
  )
  .map((w) => w.join(" "));
const optionList = fc
  .array(fc.constantFrom("later today", "tomorrow", "next week", "in an hour", "Monday"), {
    minLength: 2,
    maxLength: 5,
  })
  .map((o) => o.join(", "));

describe("the feasibility split, for any text", () => {
  it("offers whole clauses: every part is a clause as written, none cut short", () => {
    fc.assert(
      fc.property(
        fc.array(clause, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(" and ", "; ", ", "),
        (cs, join) => {
          const distinct = [...new Set(cs)];
          expect(featureClauses(distinct.join(join))).toEqual(distinct.slice(0, 6));
        },
      ),
      { numRuns: 300, seed: 13 },
    );
  });

  it("leaves a bracketed list of options inside its clause", () => {
    fc.assert(
      fc.property(clause, optionList, fc.constantFrom("(", "["), (c, options, open) => {
        const close = open === "(" ? ")" : "]";
        const text = `${c} ${open}presets: ${options}${close}`;
        const parts = featureClauses(text);
        expect(parts).toEqual([text]);
      }),
      { numRuns: 300, seed: 13 },
    );
  });

  it("every part is a substring of the text, so nothing offered is invented", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        for (const part of featureClauses(text)) expect(text.includes(part)).toBe(true);
      }),
      { numRuns: 500, seed: 13 },
    );
  });
});

describe("a chosen focus", () => {
  it("refines the feature text and keeps the whole request as context", () => {
    expect(refinedFeature("CSV export", "Add login, CSV export and billing")).toBe(
      "CSV export (one part of: Add login, CSV export and billing)",
    );
    expect(refinedFeature("Add login", "Add login")).toBe("Add login");
  });
});
