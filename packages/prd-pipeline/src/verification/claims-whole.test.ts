import { describe, expect, it } from "vitest";
import { extractClaims } from "./claims.js";

const longRequirement = `Members schedule a recurring invoice ${"with a monthly cadence, a reminder e-mail and a grace period ".repeat(5)}end.`;

const PRD = [
  {
    type: "requirements",
    content: [
      "## Requirements",
      "",
      "| ID | Requirement | Priority | Source |",
      "|---|---|---|---|",
      `| FR-001 | ${longRequirement} | Must | Q1 |`,
      "| FR-002 | Reminders go out three days before the due date | Should | Q2 |",
    ].join("\n"),
  },
  {
    type: "performance_requirements",
    content: [
      "## Performance Requirements",
      "",
      "| ID | Target | Measurement |",
      "|---|---|---|",
      "| NFR-LOCK-01 | The schedule lock is held under 50 ms at p99 | pg_stat_activity sampled in staging |",
      "| NFR-LATENCY-01 | The invoice list answers within 150 ms at p95 | an autocannon run of 60 s |",
      "- Reminder batches answer within 2 s at p95 under load",
    ].join("\n"),
  },
  {
    type: "data_model",
    content: [
      "## Data Model",
      "",
      "```sql",
      "CREATE TABLE invoice_schedules (",
      "  id UUID PRIMARY KEY,",
      "  customer_id UUID NOT NULL REFERENCES customers(id),",
      "  cadence TEXT NOT NULL,",
      "  next_run_at TIMESTAMPTZ NOT NULL,",
      "  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),",
      "  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()",
      ");",
      "```",
    ].join("\n"),
  },
  {
    type: "testing",
    content: [
      "## Testing",
      "",
      "| Test | Kind | Covers |",
      "|---|---|---|",
      "| Schedule creation test | integration | FR-001 |",
    ].join("\n"),
  },
  {
    type: "risks",
    content: ["## Risks", "", "| Risk | Likelihood |", "|---|---|", "| Duplicate reminders | Low |"].join(
      "\n",
    ),
  },
  {
    type: "timeline",
    content: [
      "## Timeline",
      "",
      "| FR | Work | Points |",
      "|---|---|---|",
      "| FR-001 | Schedules | 5 |",
      "| FR-002 | Reminders | 3 |",
      "| Total | | 8 |",
    ].join("\n"),
  },
];

describe("claims are extracted whole", () => {
  const claims = extractClaims(PRD);
  const byId = new Map(claims.map((c) => [c.claim_id, c]));

  it("keeps a long requirement's whole text", () => {
    expect(byId.get("FR-001")?.text).toBe(`FR-001 | ${longRequirement} | Must | Q1`);
  });

  it("keeps NFR ids exactly as the PRD writes them and numbers only the unnumbered targets", () => {
    expect(claims.filter((c) => c.claim_type === "performance").map((c) => c.claim_id)).toEqual([
      "NFR-LOCK-01",
      "NFR-LATENCY-01",
      "NFR-LATENCY-02",
    ]);
  });

  it("gives a DDL claim the whole statement, up to its semicolon", () => {
    const ddl = claims.filter((c) => c.claim_type === "data_model");
    expect(ddl.map((c) => c.claim_id)).toEqual(["DDL-01-INVOICE-SCHEDULES"]);
    expect(ddl[0]?.text).toBe(PRD[2]?.content.split("\n").slice(3, 11).join("\n"));
    expect(ddl[0]?.evidence).toBe(ddl[0]?.text);
  });

  it("never takes a table header for a claim", () => {
    expect(claims.filter((c) => c.claim_type === "test_coverage").map((c) => c.text)).toEqual([
      "Schedule creation test | integration | FR-001",
    ]);
    expect(claims.filter((c) => c.claim_type === "risk").map((c) => c.text)).toEqual([
      "Duplicate reminders | Low",
    ]);
  });

  it("gives a story-point total the table it adds up and each counted FR's own text", () => {
    const total = claims.find((c) => c.claim_type === "story_point_arithmetic");
    expect(total?.evidence).toBe(
      [
        PRD[5]?.content.split("\n").slice(2).join("\n"),
        "",
        `FR-001 in the requirements: FR-001 | ${longRequirement} | Must | Q1`,
        "FR-002 in the requirements: FR-002 | Reminders go out three days before the due date | Should | Q2",
      ].join("\n"),
    );
  });
});
