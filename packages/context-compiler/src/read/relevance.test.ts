import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allTerms, planTerms, relevance, termsOf } from "./relevance.js";

/** The definition allTerms implements, as two regular expressions: words, then each word's camelCase parts. */
function termsByRegex(text: string): string[] {
  const terms: string[] = [];
  for (const word of text.match(/[\p{L}\p{N}]+/gu) ?? [])
    for (const part of word.match(/\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+/gu) ?? [word])
      terms.push(part.toLowerCase());
  return terms;
}

const sorted = (set: ReadonlySet<string>) => [...set].sort();

describe("termsOf", () => {
  it("splits runs at camelCase, acronym and digit boundaries, lower-cased", () => {
    expect(sorted(termsOf("getUserById parseHTTPResponse v2Api OAuth2 snake_case kebab-case"))).toEqual([
      "2",
      "api",
      "auth",
      "by",
      "case",
      "get",
      "http",
      "id",
      "kebab",
      "o",
      "parse",
      "response",
      "snake",
      "user",
      "v",
    ]);
  });

  it("keeps letters outside ASCII, and a run with no case as one term", () => {
    expect(sorted(termsOf("Größe straße 数据库 naïveCode"))).toEqual(
      ["code", "größe", "naïve", "straße", "数据库"].sort(),
    );
  });

  it("finds the same terms in ASCII text as the per-run split does", () => {
    // A word outside ASCII sends the text through the per-run split; the rest must come out the same.
    const texts = [
      "Use the `createUser()` helper; never call db.insertUser directly (see ADR-0042).",
      "HTTPServer, XMLHttpRequest, IOError, getURLForID, ABCdef, abcDEF, a1b2C3, 2024Q3Report",
      "## Rules\n- Keep handlers thin.\n- Errors: wrap in AppError(code=E42).\n",
      "trailing UPPER",
      "Mixed.CASE_runs--and__underscores 12.5% 0xFF",
      "",
    ];
    for (const text of texts) {
      const general = termsOf(`${text} é`);
      general.delete("é");
      expect(sorted(termsOf(text))).toEqual(sorted(general));
    }
  });
});

describe("allTerms", () => {
  it("finds exactly the terms of the regular-expression definition, in order, repeats included", () => {
    const pieces = [
      "get",
      "User",
      "HTTP",
      "Parser",
      "v2",
      "ID",
      "é",
      "ß",
      "Ä",
      "数据",
      "𝐀",
      "𝟎",
      "🚀",
      "ǅ",
      " ",
      "-",
      "_",
      "\n",
      "\ud800",
      "\udc00",
      "0",
    ];
    const mixed = fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(mixed, fc.string({ unit: "binary" }), fc.string()), (text) => {
        expect(allTerms(text)).toEqual(termsByRegex(text));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("relevance", () => {
  it("is the share of plan terms the document holds, stopwords and single letters left out", () => {
    const plan = planTerms("Add a user export to the billing page");
    expect(plan).toEqual(["add", "billing", "export", "page", "user"]);
    expect(relevance(plan, termsOf("Billing pages list each user."))).toBe(0.4);
  });
});
