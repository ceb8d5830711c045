import { describe, expect, it } from "vitest";
import type { Claim } from "./types.js";
import { concludeVerification, planVerification } from "./verify-service.js";

const claims: Claim[] = [
  {
    claim_id: "AC-001",
    claim_type: "acceptance_criteria_completeness",
    text: "AC-001: the export exits with code 0 and `grep -c Invoice out.pdf` prints 1",
    evidence: "",
    source_section: "acceptance_criteria",
    mechanical: true,
  },
  {
    claim_id: "FR-001",
    claim_type: "fr_traceability",
    text: "FR-001: members export an invoice as PDF",
    evidence: "",
    source_section: "requirements",
    mechanical: false,
  },
];

describe("a plan that does not match its claims", () => {
  it("makes every verdict INCONCLUSIVE, the rule tier's included", () => {
    const planned = planVerification(claims, { namespace: "ns", feature: "PDF export" });
    if (!planned.plan) throw new Error("expected a plan");
    const tampered = {
      ...planned.plan,
      judges: planned.plan.judges.map((j) => ({ ...j, claim_id: "FR-009" })),
    };
    const out = concludeVerification(claims, tampered, []);
    expect(out.structural_error).toContain("structural");
    expect(out.verdicts.map((v) => [v.claim_id, v.judge.name, v.verdict, v.confidence])).toEqual([
      ["AC-001", "rule-tier", "INCONCLUSIVE", 0],
      ["FR-009", planned.plan.judges[0]?.judge.name, "INCONCLUSIVE", 0],
      ["FR-009", planned.plan.judges[1]?.judge.name, "INCONCLUSIVE", 0],
    ]);
  });

  it("leaves the rule tier's SPEC-COMPLETE when the plan matches", () => {
    const planned = planVerification(claims, { namespace: "ns", feature: "PDF export" });
    if (!planned.plan) throw new Error("expected a plan");
    const out = concludeVerification(claims, planned.plan, []);
    expect(out.structural_error).toBeNull();
    expect(out.verdicts.find((v) => v.judge.name === "rule-tier")?.verdict).toBe("SPEC-COMPLETE");
  });
});
