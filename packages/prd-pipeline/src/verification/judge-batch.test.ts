import { InternalError } from "@archon/core";
import { describe, expect, it } from "vitest";
import { judgeBatch } from "./judge-batch.js";
import type { Claim } from "./types.js";
import { planVerification } from "./verify-service.js";

const claims: Claim[] = [
  {
    claim_id: "FR-001",
    claim_type: "fr_traceability",
    text: "FR-001: members export an invoice as PDF",
    evidence: "",
    source_section: "requirements",
    mechanical: false,
  },
];

describe("a judge plan naming a claim it was not given", () => {
  it("is refused as an internal error, not dispatched", () => {
    const planned = planVerification(claims, { namespace: "ns", feature: "PDF export" });
    if (!planned.plan) throw new Error("expected a plan");
    const stray = { ...planned.plan, judges: planned.plan.judges.map((j) => ({ ...j, claim_id: "FR-009" })) };
    expect(() => judgeBatch("self_check_verify", stray, claims, "PDF export")).toThrow(
      new InternalError("plan names unknown claim FR-009"),
    );
  });
});
