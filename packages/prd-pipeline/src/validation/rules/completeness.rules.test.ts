import { describe, expect, it } from "vitest";
import { validateSection } from "../validate-section.js";

const rulesOf = (type: Parameters<typeof validateSection>[0], text: string) =>
  validateSection(type, text).violations.map((v) => v.rule);

describe("assumptions", () => {
  it("need ids requirements can cite, and a way to learn each is wrong", () => {
    const good =
      "## Assumptions\n\n| ID | Assumption | Rests on | How we will know it is wrong |\n|---|---|---|---|\n" +
      "| ASM-01 | Invoices are monthly | CLR-01 | A customer asks for weekly invoices |";
    expect(rulesOf("assumptions", good)).toEqual([]);
    const bare = "## Assumptions\n\n- Invoices are monthly, since finance closes its books each month.";
    expect(rulesOf("assumptions", bare)).toEqual(["assumption_ids", "assumption_check"]);
  });
});

describe("open questions", () => {
  it("each have an owner, never TBD", () => {
    const text = (owner: string) =>
      "## Open Questions\n\n| ID | Question | Owner | Needed by | Blocks |\n|---|---|---|---|---|\n" +
      `| OQ-01 | Which day of the month are invoices issued? | ${owner} | Stage 1 | FR-002 |`;
    expect(rulesOf("open_questions", text("Finance lead"))).toEqual([]);
    expect(validateSection("open_questions", text("TBD")).violations).toMatchObject([
      { rule: "placeholder_text" },
      { rule: "open_question_owners", critical: true, message: '"OQ-01" has no owner.' },
    ]);
  });
});

describe("the decision log", () => {
  it("gives every decision a rationale and a source", () => {
    const text = (rationale: string, source: string) =>
      "## Decision Log\n\n| ID | Decision | Alternatives considered | Rationale | Source |\n|---|---|---|---|---|\n" +
      `| DEC-01 | Schedules live beside invoices | A scheduler service | ${rationale} | ${source} |`;
    expect(rulesOf("decision_log", text("One table to migrate", "CLR-02"))).toEqual([]);
    expect(rulesOf("decision_log", text("-", "-"))).toEqual(["decision_rationale", "decision_source"]);
  });
});

describe("the rollout and migration plan", () => {
  it("names its stages, its data migration and its rollback", () => {
    const good =
      "## Rollout and Migration Plan\n\nStage 1 behind a feature flag for ten workspaces. The migration adds " +
      "`invoice_schedules` before the code ships; no backfill. Rollback: turn the flag off.";
    expect(rulesOf("rollout_plan", good)).toEqual([]);
    expect(
      rulesOf(
        "rollout_plan",
        "## Rollout and Migration Plan\n\nShip it to everyone on Monday morning, when support is fully staffed.",
      ),
    ).toEqual(["rollout_stages", "data_migration", "rollback_plan"]);
  });
});
