import { describe, expect, it } from "vitest";
import { cannedDraft } from "../demo/canned-drafts.js";
import { validateDocument } from "./validate-document.js";

const doc = (...parts: string[]) => parts.join("\n\n");

describe("document validation", () => {
  it("passes the canned PRD with every section recognised", () => {
    const types = ["overview", "requirements", "acceptance_criteria", "testing", "timeline"] as const;
    const result = validateDocument(`# PRD\n\n${doc(...types.map(cannedDraft))}`);
    expect(result.sections.map((s) => s.section_type)).toEqual([...types]);
    expect(result.overall.violations).toEqual([]);
    expect(result.overall.score).toBe(1);
  });

  it("reports FR without AC, AC without test and tests citing unknown ids", () => {
    const requirements = cannedDraft("requirements");
    const ac =
      "## Acceptance Criteria\n\n- AC-001: Given a member, when they sign in, then they see the dashboard (FR-001).";
    const testing =
      "## Testing\n\n- Covers FR-001 and AC-002 with negative cases, isolated fixtures, OWASP security tests and k6 load tests.";
    const result = validateDocument(doc(requirements, ac, testing));
    expect(result.document.violations.map((v) => v.rule)).toEqual([
      "fr_ac_coverage",
      "ac_test_coverage",
      "test_traceability_integrity",
    ]);
  });

  it("lists headings it cannot map to a section type", () => {
    expect(validateDocument("## Miscellany\n\nSome words here.").unrecognised_headings).toEqual([
      "Miscellany",
    ]);
  });
});

describe("documents built to stall the validator", () => {
  it("reads 400 KB of one repeated heading as one section, in one pass", () => {
    const content = "## Risks\nx\n".repeat(Math.ceil(400_000 / 11));
    expect(content.length).toBeGreaterThanOrEqual(400_000);
    const result = validateDocument(content);
    expect(result.sections.map((s) => s.section_type)).toEqual(["risks"]);
    expect(result.unrecognised_headings).toEqual([]);
  });

  it("reads 400 KB of headings of every kind, known and unknown", () => {
    const block = "## Testing\nx\n## Timeline\ny\n## Data Model\nz\n## Miscellany\nw\n";
    const result = validateDocument(block.repeat(Math.ceil(400_000 / block.length)));
    expect(result.sections.map((s) => s.section_type)).toEqual(["testing", "timeline", "data_model"]);
    expect(result.unrecognised_headings).toHaveLength(Math.ceil(400_000 / block.length));
  });
});
