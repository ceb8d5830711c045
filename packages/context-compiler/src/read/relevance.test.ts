import { describe, expect, it } from "vitest";
import { planTerms, relevance, termsOf } from "./relevance.js";

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

describe("relevance", () => {
  it("is the share of plan terms the document holds, stopwords and single letters left out", () => {
    const plan = planTerms("Add a user export to the billing page");
    expect(plan).toEqual(["add", "billing", "export", "page", "user"]);
    expect(relevance(plan, termsOf("Billing pages list each user."))).toBe(0.4);
  });
});
