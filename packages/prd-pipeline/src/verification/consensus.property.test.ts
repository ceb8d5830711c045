import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { concludeClaim, concludeDocument } from "./consensus.js";
import { CLAIM_TYPES, type Claim, type JudgeVerdict, VERDICTS } from "./types.js";

const claimArb = fc.record({
  claim_id: fc.constant("C-1"),
  claim_type: fc.constantFrom(...CLAIM_TYPES),
  text: fc.constantFrom("Sign-in within 2 s at p95", "measured by a k6 load test", "anything"),
  evidence: fc.constantFrom("", "k6 load test against staging", "no method"),
  source_section: fc.constant("requirements"),
  mechanical: fc.boolean(),
});

const verdictArb: fc.Arbitrary<JudgeVerdict> = fc.record({
  claim_id: fc.constant("C-1"),
  judge: fc.record({
    name: fc.constantFrom("genius:liskov", "code-reviewer", "dba"),
    subagent_type: fc.constant("ns:x"),
    model: fc.constantFrom("opus", "sonnet"),
  }),
  verdict: fc.constantFrom(...VERDICTS),
  rationale: fc.constant(""),
  caveats: fc.constant<string[]>([]),
  confidence: fc.double({ min: 0, max: 1, noNaN: true }),
});

const modes = fc.constantFrom("weighted" as const, "bayesian" as const);

describe("consensus properties", () => {
  it("never leaves a performance claim at PASS, whatever the judges said", () => {
    fc.assert(
      fc.property(
        claimArb,
        fc.array(verdictArb, { minLength: 1, maxLength: 8 }),
        modes,
        (claim, verdicts, mode) => {
          const result = concludeClaim({ ...claim, claim_type: "performance" }, verdicts, { mode });
          expect(result?.verdict).not.toBe("PASS");
          if (result?.clamped_from === "PASS") {
            expect(result.verdict).toBe(result.measurement_method ? "SPEC-COMPLETE" : "NEEDS-RUNTIME");
          }
        },
      ),
    );
  });

  it("gives the same result for any order of the same verdicts", () => {
    fc.assert(
      fc.property(
        claimArb,
        fc.array(verdictArb, { minLength: 1, maxLength: 8 }),
        fc.infiniteStream(fc.nat()),
        modes,
        (claim: Claim, verdicts: JudgeVerdict[], seeds, mode) => {
          const shuffled = verdicts
            .map((v) => ({ v, k: seeds.next().value }))
            .sort((a, b) => a.k - b.k)
            .map((x) => x.v);
          expect(concludeClaim(claim, shuffled, { mode })).toEqual(concludeClaim(claim, verdicts, { mode }));
        },
      ),
    );
  });

  it("gives FAIL for a panel where every judge said FAIL", () => {
    fc.assert(
      fc.property(
        claimArb,
        fc.array(verdictArb, { minLength: 1, maxLength: 8 }),
        modes,
        (claim, verdicts, mode) => {
          const all = verdicts.map((v) => ({ ...v, verdict: "FAIL" as const }));
          expect(concludeClaim(claim, all, { mode })?.verdict).toBe("FAIL");
        },
      ),
    );
  });
});

describe("consensus rules", () => {
  const claim: Claim = {
    claim_id: "C-1",
    claim_type: "architecture",
    text: "",
    evidence: "",
    source_section: "technical_specification",
    mechanical: false,
  };
  const v = (verdict: JudgeVerdict["verdict"], confidence: number, name = "a"): JudgeVerdict => ({
    claim_id: "C-1",
    judge: { name, subagent_type: `ns:${name}`, model: "opus" },
    verdict,
    rationale: "",
    caveats: [],
    confidence,
  });

  it("lets FAIL win at half the weight, and breaks ties toward the more severe verdict", () => {
    expect(concludeClaim(claim, [v("PASS", 0.8), v("FAIL", 0.8, "b")])?.verdict).toBe("FAIL");
    expect(concludeClaim(claim, [v("PASS", 0.9), v("FAIL", 0.5, "b")])?.verdict).toBe("PASS");
    expect(concludeClaim(claim, [v("PASS", 0.6), v("NEEDS-RUNTIME", 0.6, "b")])?.verdict).toBe(
      "NEEDS-RUNTIME",
    );
  });

  it("lets a reliable judge outweigh an unreliable one in the Bayesian mode", () => {
    const verdicts = [v("PASS", 1, "steady"), v("SPEC-COMPLETE", 1, "shaky")];
    const result = concludeClaim(claim, verdicts, {
      mode: "bayesian",
      reliability: { steady: 0.95, shaky: 0.3 },
    });
    expect(result?.verdict).toBe("PASS");
  });

  it("flags an all-PASS document of five or more claims as suspicious", () => {
    const claims = [1, 2, 3, 4, 5].map((i) => ({ ...claim, claim_id: `C-${i}` }));
    const verdicts = claims.map((c) => ({ ...v("PASS", 0.9), claim_id: c.claim_id }));
    const doc = concludeDocument(claims, verdicts);
    expect(doc).toMatchObject({
      claims_evaluated: 5,
      judges_invoked: 5,
      distribution_suspicious: true,
      distribution: { PASS: 5, FAIL: 0 },
      failures: [],
    });
    expect(concludeDocument(claims.slice(0, 4), verdicts).distribution_suspicious).toBe(false);
  });
});
