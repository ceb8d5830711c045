import { describe, expect, it } from "vitest";
import { cannedDraft } from "../demo/canned-drafts.js";
import { extractClaims } from "./claims.js";
import { CLAIM_TYPES } from "./types.js";

const EVERY_TYPE = [
  {
    type: "requirements",
    content: `## Requirements

| ID | Requirement | Priority | Depends On | Source |
|---|---|---|---|---|
| FR-001 | Users export invoices as CSV | Must | - | Round 1 |
| NFR-001 | Export of 10k rows within 500 ms at p95, measured by a k6 script | Must | FR-001 | Goals |`,
  },
  {
    type: "technical_specification",
    content: `## Technical Specification

The export sits behind an ExportPort with a CsvAdapter.
Files are encrypted at rest.
- GET /invoices/export returns the file.

\`\`\`sql
CREATE TABLE exports (id UUID PRIMARY KEY);
\`\`\``,
  },
  {
    type: "acceptance_criteria",
    content:
      "## Acceptance Criteria\n\n- AC-001: Given invoices, when exported, then a CSV arrives (FR-001).",
  },
  {
    type: "testing",
    content: "## Testing\n\n- Golden-file test: diff the export against a fixture; exit code 0 (FR-001).",
  },
  {
    type: "risks",
    content: "## Risks\n\n| Risk | Mitigation |\n|---|---|\n| Huge exports time out | Stream rows |",
  },
  {
    type: "timeline",
    content: "## Timeline\n\n| Milestone | Points |\n|---|---|\n| Export | 3 |\n| Total | 3 |",
  },
];

describe("claim extraction", () => {
  it("finds a claim of every one of the eleven types", () => {
    const claims = extractClaims(EVERY_TYPE);
    expect(new Set(claims.map((c) => c.claim_type))).toEqual(new Set(CLAIM_TYPES));
    expect(claims.map((c) => c.claim_id)).toEqual(
      expect.arrayContaining([
        "FR-001",
        "NFR-001",
        "ARCH-HEXAGONAL",
        "SEC-01-ENCRYPTION",
        "DDL-01-EXPORTS",
        "AC-001",
        "TEST-001-GOLDEN-FILE-TEST",
        "RISK-01",
        "SP-TOTAL-01",
        "API-01-GET",
        "XREF-01-FR-001",
      ]),
    );
  });

  it("marks a claim that names a deterministic check as mechanical, never an architecture one", () => {
    const claims = extractClaims(EVERY_TYPE);
    expect(claims.find((c) => c.claim_type === "test_coverage")?.mechanical).toBe(true);
    const arch = extractClaims([
      { type: "technical_specification", content: "Ports and adapters; grep for imports." },
    ]);
    expect(arch[0]).toMatchObject({ claim_type: "architecture", mechanical: false });
  });

  it("stops evidence at a heading and at the next claim", () => {
    const claims = extractClaims([
      {
        type: "acceptance_criteria",
        content:
          "- AC-001: Given a user\n  when they sign in\n- AC-002: Given an admin\n## Next\nAC-003 never reached",
      },
    ]);
    expect(claims[0]?.evidence).toBe("- AC-001: Given a user\n  when they sign in");
    expect(claims[1]?.evidence).toBe("- AC-002: Given an admin");
  });

  it("drops duplicates, keeping the first", () => {
    const claims = extractClaims([
      { type: "requirements", content: "| FR-001 | a |\n| FR-001 | b |" },
      { type: "security_considerations", content: "TLS in transit.\nTLS again." },
    ]);
    expect(claims.map((c) => c.claim_id)).toEqual(["FR-001", "SEC-01-TLS"]);
    expect(claims[0]?.text).toBe("FR-001 | a");
  });

  it("reads the canned feature drafts into judged and mechanical claims", () => {
    const claims = extractClaims(
      ["requirements", "technical_specification", "performance_requirements"].map((t) => ({
        type: t,
        content: cannedDraft(t as "requirements"),
      })),
    );
    expect(claims.filter((c) => c.claim_type === "performance").map((c) => c.claim_id)).toEqual(["NFR-001"]);
  });
});
