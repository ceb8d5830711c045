import { describe, expect, it } from "vitest";
import { budgetOf, MAX_JUDGE_INVOCATIONS, planJudges, samePlan, unjudgedBy } from "./budget.js";
import { parseBatch } from "./parse-verdicts.js";
import { CLAIM_TYPES, type Claim, type ClaimType } from "./types.js";

function claim(id: string, type: ClaimType, mechanical = false): Claim {
  return { claim_id: id, claim_type: type, text: id, evidence: id, source_section: "x", mechanical };
}

const many: Claim[] = [
  ...Array.from({ length: 15 }, (_, i) => claim(`FR-${String(i + 1).padStart(3, "0")}`, "fr_traceability")),
  ...CLAIM_TYPES.map((t, i) => claim(`T-${i}`, t)),
  claim("M-1", "test_coverage", true),
];

describe("the judge budget", () => {
  it("gives every judged claim its panel and mechanical claims none", () => {
    const plan = planJudges(
      [
        claim("ARCH-HEXAGONAL", "architecture"),
        claim("SEC-01-AUTHZ", "security"),
        claim("M", "data_model", true),
      ],
      "full",
      "ns",
    );
    expect(plan.judges.map((j) => [j.invocation_id, j.claim_id, j.judge.name, j.judge.model])).toEqual([
      ["self_check_judge_0001", "ARCH-HEXAGONAL", "genius:liskov", "opus"],
      ["self_check_judge_0002", "ARCH-HEXAGONAL", "code-reviewer", "sonnet"],
      ["self_check_judge_0003", "SEC-01-AUTHZ", "security-auditor", "opus"],
      ["self_check_judge_0004", "SEC-01-AUTHZ", "genius:popper", "sonnet"],
      ["self_check_judge_0005", "SEC-01-AUTHZ", "genius:taleb", "opus"],
    ]);
  });

  it("reports the full fleet over the limit, and which claims a reduced sample leaves unjudged", () => {
    const info = budgetOf(many);
    expect(info).toMatchObject({ mechanical: 1, full_fleet: 54, limit: 24, over_budget: true });
    // FR-001 speaks for the traceability claims; the other fourteen and T-7 (also traceability) wait.
    expect(info.reduced_leaves_unjudged).toEqual([
      ...Array.from({ length: 14 }, (_, i) => `FR-${String(i + 2).padStart(3, "0")}`),
      "T-7",
    ]);
  });

  it("covers every claim type with its whole panel in the reduced sample and stays within the limit", () => {
    const plan = planJudges(many, "reduced", "ns");
    expect(plan.judges.length).toBeLessThanOrEqual(MAX_JUDGE_INVOCATIONS);
    const types = new Set(plan.judges.map((j) => many.find((c) => c.claim_id === j.claim_id)?.claim_type));
    expect(types).toEqual(new Set(CLAIM_TYPES));
    expect(unjudgedBy(many, planJudges(many, "skip", "ns"))).toHaveLength(many.length - 1);
    expect(planJudges(many, "skip", "ns").judges).toEqual([]);
    expect(planJudges(many, "full", "ns").judges).toHaveLength(54);
    expect(unjudgedBy(many, planJudges(many, "full", "ns"))).toEqual([]);
  });

  it("rebuilds the same plan from the same input, and a different one when the claims change", () => {
    expect(samePlan(planJudges(many, "reduced", "ns"), planJudges(many, "reduced", "ns"))).toBe(true);
    expect(samePlan(planJudges(many, "reduced", "ns"), planJudges(many.slice(1), "reduced", "ns"))).toBe(
      false,
    );
  });
});

describe("parsing judge replies", () => {
  const plan = planJudges(
    [claim("A", "risk"), claim("B", "risk"), claim("C", "risk"), claim("D", "risk"), claim("E", "risk")],
    "full",
    "ns",
  ).judges;
  const id = (i: number) => plan[i]?.invocation_id ?? "";

  it("turns missing, failed, unparseable and duplicate replies into INCONCLUSIVE with confidence 0 and a caveat", () => {
    const verdicts = parseBatch(plan, [
      {
        invocation_id: id(0),
        raw_text: 'Here: {"verdict": "FAIL", "rationale": "r", "caveats": [], "confidence": 0.8}',
      },
      { invocation_id: id(1), error: "agent crashed" },
      { invocation_id: id(2), raw_text: "I think it passes." },
      { invocation_id: id(3), raw_text: '{"verdict":"PASS","confidence":1}' },
      { invocation_id: id(3), raw_text: '{"verdict":"PASS","confidence":1}' },
    ]);
    expect(verdicts[0]).toMatchObject({ claim_id: "A", verdict: "FAIL", confidence: 0.8 });
    for (const [i, caveat] of [
      [1, "agent crashed"],
      [2, "no JSON object"],
      [3, "2 replies"],
      [4, "no reply"],
    ] as const) {
      expect(verdicts[i]).toMatchObject({ verdict: "INCONCLUSIVE", confidence: 0 });
      expect(verdicts[i]?.caveats[0]).toContain(caveat);
    }
  });

  it("rejects an unknown verdict word and a missing confidence", () => {
    const [a, b] = parseBatch(plan.slice(0, 2), [
      { invocation_id: id(0), raw_text: '{"verdict": "GREAT", "confidence": 1}' },
      { invocation_id: id(1), raw_text: '{"verdict": "pass"}' },
    ]);
    expect(a?.caveats[0]).toContain("unknown verdict");
    expect(b?.caveats[0]).toContain("confidence");
  });
});
