import { describe, expect, it } from "vitest";
import { planJudges } from "./budget.js";
import { judgesFor, PANELS, REASONING } from "./panels.js";
import { CLAIM_TYPES, type Claim, type ClaimType } from "./types.js";

const claim = (id: string, type: ClaimType): Claim => ({
  claim_id: id,
  claim_type: type,
  text: id,
  evidence: id,
  source_section: "x",
  mechanical: false,
});

describe("judge panels", () => {
  it("seat at least two judges of different reasoning patterns on every claim, three for security and data model", () => {
    const sizes = Object.fromEntries(
      CLAIM_TYPES.map((type) => {
        const panels = [0, 1, 2, 3, 4].map((ordinal) => judgesFor(type, ordinal, "ns"));
        for (const judges of panels) {
          expect(new Set(judges.map((j) => j.name)).size).toBe(judges.length);
          expect(new Set(judges.map((j) => j.model)).size).toBe(2);
        }
        return [type, [...new Set(panels.map((j) => j.length))]];
      }),
    );
    expect(sizes).toEqual({
      architecture: [2],
      performance: [2],
      correctness: [2],
      security: [3],
      data_model: [3],
      test_coverage: [2],
      story_point_arithmetic: [2],
      fr_traceability: [2],
      risk: [2],
      acceptance_criteria_completeness: [2],
      cross_file_consistency: [2],
    });
  });

  it("tell each seat how it reasons", () => {
    const seats = new Set(Object.values(PANELS).flatMap((panel) => panel.map((s) => s.name)));
    expect([...seats].filter((name) => !REASONING[name])).toEqual([]);
  });

  it("judge every claim with two judges or more under the full fleet, architecture included", () => {
    const claims = CLAIM_TYPES.flatMap((t) => [claim(`${t}-1`, t), claim(`${t}-2`, t)]);
    const plan = planJudges(claims, "full", "ns");
    const perClaim = new Map<string, number>();
    for (const j of plan.judges) perClaim.set(j.claim_id, (perClaim.get(j.claim_id) ?? 0) + 1);
    expect(claims.filter((c) => (perClaim.get(c.claim_id) ?? 0) < 2).map((c) => c.claim_id)).toEqual([]);
    expect(perClaim.get("architecture-1")).toBe(2);
    expect(perClaim.get("security-2")).toBe(3);
  });
});
