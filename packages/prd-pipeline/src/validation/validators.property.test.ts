import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SECTION_TYPES } from "../sections/section-catalogue.js";
import { validateDocument } from "./validate-document.js";
import { validateSection } from "./validate-section.js";

// Markdown-ish lines built from the tokens the rules look at, so generated input reaches every branch.
const token = fc.constantFrom(
  "## Requirements",
  "| ID | Requirement | Depends On | Source |",
  "|---|---|---|---|",
  "| FR-001 | x | FR-001 | y |",
  "| FR-003 | y | - | z |",
  "AC-001",
  "AC-004",
  "```",
  "```sql",
  "CREATE TABLE t (id INT REFERENCES u(id));",
  "CREATE INDEX i ON t (id) WHERE x > now();",
  'password = "abcdefgh"',
  "function f(x: any) {}",
  "GET /items",
  "NFR-001 p95 latency PASS",
  "| Milestone | Story Points |",
  "| Total | 7 |",
  "| A | 3 |",
  "not applicable: reason",
  "TODO",
  "rollback",
  "STRIDE",
  "mitigation",
  "| Risk | Mitigation |",
  "| r | n/a |",
  "données de production",
  "{",
  "|",
  "",
);
const line = fc.oneof(token, fc.string({ maxLength: 40 }));
const markdown = fc.array(line, { maxLength: 60 }).map((lines) => lines.join("\n"));
const sectionType = fc.constantFrom(...SECTION_TYPES);

describe("validator properties over generated markdown", () => {
  it("never throws, scores within [0, 1], and counts passed + violated = checked", () => {
    fc.assert(
      fc.property(sectionType, markdown, (type, text) => {
        const r = validateSection(type, text);
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(r.score).toBeLessThanOrEqual(1);
        const violated = new Set(r.violations.map((v) => v.rule)).size;
        expect(r.rules_passed + violated).toBe(r.rules_checked);
        expect(r.has_critical).toBe(r.violations.some((v) => v.critical));
      }),
      { numRuns: 300 },
    );
  });

  it("is deterministic", () => {
    fc.assert(
      fc.property(sectionType, markdown, (type, text) => {
        expect(validateSection(type, text)).toEqual(validateSection(type, text));
      }),
      { numRuns: 100 },
    );
  });

  it("validates whole documents without throwing and within bounds", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(sectionType, markdown), { maxLength: 6 }), (parts) => {
        const text = parts.map(([t, body]) => `## ${t.replace(/_/g, " ")}\n${body}`).join("\n");
        const r = validateDocument(text);
        expect(r.overall.score).toBeGreaterThanOrEqual(0);
        expect(r.overall.score).toBeLessThanOrEqual(1);
      }),
      { numRuns: 100 },
    );
  });
});

describe("linear time on adversarial input", () => {
  // Shapes that make backtracking regular expressions explode: long runs with no closing delimiter.
  const pathological = [
    ":".repeat(1) + " ".repeat(1_000_000),
    "|".repeat(1_000_000),
    "-".repeat(1_000_000),
    "FR-".repeat(340_000),
    "password=".repeat(110_000),
    "`".repeat(1_000_000),
    `${"{".repeat(500_000)}${"a".repeat(500_000)}`,
    "create table ".repeat(80_000),
    Array.from({ length: 100_000 }, () => "| a | b |").join("\n"),
  ];

  // No timing assertion: quadratic behaviour on 1 MB runs for minutes and meets the test's timeout,
  // linear behaviour finishes in milliseconds. Speed itself is measured in the bench.
  it("validates a 1 MB pathological section of every shape, with a score for each", {
    timeout: 120_000,
  }, () => {
    for (const text of pathological) {
      for (const type of [
        "requirements",
        "technical_specification",
        "data_model",
        "timeline",
        "risks",
      ] as const) {
        const r = validateSection(type, text);
        expect(r.score, `${type} on ${JSON.stringify(text.slice(0, 12))}`).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
