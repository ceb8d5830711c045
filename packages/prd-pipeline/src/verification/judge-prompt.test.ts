import { describe, expect, it } from "vitest";
import { judgePrompt } from "./judge-prompt.js";
import type { Claim } from "./types.js";

const claim: Claim = {
  claim_id: "NFR-LATENCY-01",
  claim_type: "performance",
  text: "NFR-001 | Sign-in within 2 s at p95",
  evidence: "| NFR-001 | Sign-in within 2 s at p95 | k6 load test |",
  source_section: "performance_requirements",
  mechanical: false,
};
const judge = { name: "genius:fermi", subagent_type: "ns:genius:fermi", model: "sonnet" };

describe("the judge prompt", () => {
  it("carries the taxonomy, the honesty rules and the one-object answer format", () => {
    const prompt = judgePrompt(claim, judge, "Sign in with the identity provider");
    for (const verdict of ["PASS", "SPEC-COMPLETE", "NEEDS-RUNTIME", "INCONCLUSIVE", "FAIL"]) {
      expect(prompt).toContain(`| ${verdict} |`);
    }
    expect(prompt).toContain("Do not default to PASS");
    expect(prompt).toContain("NFR claims (latency, throughput, frame rate, storage) MUST NOT receive PASS");
    expect(prompt).toContain("This claim IS an NFR claim");
    expect(prompt).toContain("Confidence describes the verdict");
    expect(prompt).toContain("Answer with exactly one JSON object and nothing else");
    expect(prompt).toMatch(/^Claim ID: NFR-LATENCY-01\nClaim type: performance$/m);
  });

  it("tells a non-NFR judge the general NFR rule but not that its claim is one", () => {
    const prompt = judgePrompt({ ...claim, claim_type: "risk", claim_id: "RISK-01" }, judge, "x");
    expect(prompt).not.toContain("This claim IS an NFR claim");
  });
});
