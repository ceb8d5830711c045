import { describe, expect, it } from "vitest";
import { judgePrompt } from "./judge-prompt.js";
import { parseVerdict } from "./parse-verdicts.js";
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

describe("what a judge may read", () => {
  it("names the PRD folder, the project files the evidence names, and nothing else", () => {
    const prompt = judgePrompt(claim, judge, "Sign in", [], "prd-output/run_0007");
    const rules = prompt.slice(
      prompt.indexOf("What you may read"),
      prompt.indexOf("Choose exactly one verdict"),
    );
    expect(rules.trim().split("\n")).toEqual([
      "What you may read, and nothing else:",
      "- this prompt;",
      "- the PRD's files in `prd-output/run_0007/` (every section), to check this claim against the rest of the PRD;",
      "- the project's source files that the claim, its evidence or the index evidence name, read-only (Read, Grep, Glob).",
      "Do not open other folders of prd-output/, do not use the network, and change no file.",
    ]);
    expect(prompt).not.toContain("from this evidence; do not invent context");
    expect(prompt).toContain("Reason by estimation:");
  });

  it("says no other part of the PRD was given when there is no folder", () => {
    const prompt = judgePrompt(claim, judge, "Sign in");
    expect(prompt).toContain("- no other part of the PRD: it was not given");
    expect(prompt).not.toContain("prd-output/run");
  });
});

describe("a contradiction with another section", () => {
  it("is asked for in the answer and kept as a caveat the report can show", () => {
    const prompt = judgePrompt(claim, judge, "Sign in", [], "prd-output/run_0007");
    expect(prompt).toContain('"contradictions": ["<file or section>: <quoted text>"]');
    const planned = { invocation_id: "j1", claim_id: claim.claim_id, judge };
    const verdict = parseVerdict(
      planned,
      JSON.stringify({
        verdict: "FAIL",
        rationale: "The API answers 422.",
        caveats: ["staging only"],
        contradictions: ["03-api-spec.md: POST /invoices returns 422 on a bad schedule"],
        confidence: 0.8,
      }),
    );
    expect(verdict).toEqual({
      claim_id: claim.claim_id,
      judge,
      verdict: "FAIL",
      rationale: "The API answers 422.",
      caveats: [
        "contradiction: 03-api-spec.md: POST /invoices returns 422 on a bad schedule",
        "staging only",
      ],
      confidence: 0.8,
    });
  });
});
