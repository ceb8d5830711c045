import { describe, expect, it } from "vitest";
import { featureTerms, sameWord, stem } from "./terms.js";

describe("the words of a feature meeting the words of the code", () => {
  it("reads plurals and verb forms of a word as that word", () => {
    expect(["invoices", "invoice", "invoicing", "invoiced"].map(stem)).toEqual([
      "invoic",
      "invoic",
      "invoic",
      "invoic",
    ]);
    expect(["recurring", "recur", "categories", "category", "boxes", "status", "address"].map(stem)).toEqual([
      "recur",
      "recur",
      "category",
      "category",
      "box",
      "status",
      "address",
    ]);
  });

  it("matches a feature's term to the code's name across those forms, and no further", () => {
    const pairs: [string, string][] = [
      ["invoice", "invoices"],
      ["recurrence", "recurring"],
      ["scheduler", "schedule"],
      ["monthly", "month"],
      ["reminder", "reminders"],
      ["state", "status"],
      ["form", "format"],
    ];
    expect(pairs.map(([word, term]) => sameWord(word, term))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("keeps one term per word, whatever form the feature writes it in", () => {
    expect(
      featureTerms("Recurring invoices: invoice customers monthly, with reminders before each invoice"),
    ).toEqual(["recurring", "invoices", "customers", "monthly", "reminders"]);
  });
});
