import { describe, expect, it } from "vitest";
import { concludeClaim, concludeDocument } from "./consensus.js";
import type { Claim, ClaimType, JudgeVerdict } from "./types.js";

const claim = (id: string, type: ClaimType = "risk", mechanical = false): Claim => ({
  claim_id: id,
  claim_type: type,
  text: id,
  evidence: id,
  source_section: "risks",
  mechanical,
});

const said = (
  claimId: string,
  name: string,
  verdict: JudgeVerdict["verdict"],
  confidence: number,
  model = "opus",
): JudgeVerdict => ({
  claim_id: claimId,
  judge: { name, subagent_type: `ns:${name}`, model },
  verdict,
  rationale: "",
  caveats: [],
  confidence,
});

describe("a claim's confidence is the judges' own", () => {
  it("reports the mean confidence of the judges who gave the verdict, apart from the consensus share", () => {
    const result = concludeClaim(claim("RISK-01"), [
      said("RISK-01", "genius:taleb", "PASS", 0.5),
      said("RISK-01", "engineer", "PASS", 0.85, "sonnet"),
    ]);
    expect(result).toEqual({
      claim_id: "RISK-01",
      claim_type: "risk",
      verdict: "PASS",
      confidence: 0.675,
      consensus_share: 1,
      judges: 2,
      clamped_from: null,
      measurement_method: null,
    });
  });

  it("gives a split panel its share and the winners' confidence", () => {
    const result = concludeClaim(claim("RISK-01"), [
      said("RISK-01", "genius:taleb", "FAIL", 0.6),
      said("RISK-01", "engineer", "PASS", 0.6, "sonnet"),
    ]);
    expect(result).toMatchObject({ verdict: "FAIL", confidence: 0.6, consensus_share: 0.5 });
  });
});

describe("the document result says what nobody judged and which panels agreed too easily", () => {
  it("lists the subjective claims without a verdict, never the mechanical ones", () => {
    const claims = [
      claim("RISK-01"),
      claim("RISK-02"),
      claim("AC-001", "acceptance_criteria_completeness", true),
    ];
    const doc = concludeDocument(claims, [
      said("RISK-01", "genius:taleb", "FAIL", 0.7),
      said("RISK-01", "engineer", "FAIL", 0.7, "sonnet"),
    ]);
    expect(doc.unjudged).toEqual(["RISK-02"]);
    expect(doc.claims_evaluated).toBe(1);
  });

  it("flags a panel that passed five claims of its type unanimously, even when the document is not all PASS", () => {
    const risks = ["RISK-01", "RISK-02", "RISK-03", "RISK-04", "RISK-05"].map((id) => claim(id));
    const failing = claim("SEC-01-AUTHZ", "security");
    const verdicts = [
      ...risks.flatMap((c) => [
        said(c.claim_id, "genius:taleb", "PASS", 0.9),
        said(c.claim_id, "engineer", "PASS", 0.9, "sonnet"),
      ]),
      said("SEC-01-AUTHZ", "security-auditor", "FAIL", 0.8),
      said("SEC-01-AUTHZ", "genius:popper", "PASS", 0.4, "sonnet"),
    ];
    const doc = concludeDocument([...risks, failing], verdicts);
    expect(doc).toMatchObject({
      distribution_suspicious: true,
      suspicious_panels: ["risk"],
      failures: ["SEC-01-AUTHZ"],
    });
  });

  it("does not flag a panel whose judges disagreed on one claim of the type", () => {
    const risks = ["RISK-01", "RISK-02", "RISK-03", "RISK-04", "RISK-05"].map((id) => claim(id));
    const verdicts = risks.flatMap((c, i) => [
      said(c.claim_id, "genius:taleb", "PASS", 0.9),
      said(c.claim_id, "engineer", i === 4 ? "NEEDS-RUNTIME" : "PASS", 0.9, "sonnet"),
    ]);
    expect(concludeDocument(risks, verdicts)).toMatchObject({
      distribution_suspicious: false,
      suspicious_panels: [],
    });
  });
});
