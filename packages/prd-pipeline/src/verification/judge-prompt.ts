// The judge prompt: the verdict taxonomy, the rules that keep judges honest, and the one-object answer.
import { describeCheck, type IndexCheck } from "./index-evidence.js";
import { REASONING } from "./panels.js";
import type { AgentIdentity, Claim } from "./types.js";

const TAXONOMY = [
  "| Verdict | Meaning |",
  "|---|---|",
  "| PASS | Structurally complete and verifiable from the document alone |",
  "| SPEC-COMPLETE | A test method is specified; confirming it needs a runtime |",
  "| NEEDS-RUNTIME | Cannot be verified at design time |",
  "| INCONCLUSIVE | Depends on an unresolved open question (OQ-XXX) or an external factor |",
  "| FAIL | Structurally invalid, or contradicts another claim or section of the PRD |",
].join("\n");

const NFR_TYPES = new Set(["performance"]);

/** Exactly what a judge may open: the PRD folder when the run wrote one, and project files the evidence names. */
function readable(prdFolder: string | undefined): string[] {
  const prd = prdFolder
    ? [
        `- the PRD's files in \`${prdFolder}/\` (every section), to check this claim against the rest of the PRD;`,
      ]
    : ["- no other part of the PRD: it was not given, so judge consistency only against the evidence above;"];
  return [
    "What you may read, and nothing else:",
    "- this prompt;",
    ...prd,
    "- the project's source files that the claim, its evidence or the index evidence name, read-only (Read, Grep, Glob).",
    "Do not open other folders of prd-output/, do not use the network, and change no file.",
  ];
}

export function judgePrompt(
  claim: Claim,
  judge: AgentIdentity,
  feature: string,
  index: readonly IndexCheck[] = [],
  prdFolder?: string,
): string {
  const lens = REASONING[judge.name];
  const parts = [
    `You are ${judge.name}, judging ONE claim of a product requirements document (PRD).`,
    ...(lens ? [`Reason by ${lens}`] : []),
    `Feature: ${feature}`,
    `Claim ID: ${claim.claim_id}`,
    `Claim type: ${claim.claim_type}`,
    `Source section: ${claim.source_section}`,
    "",
    "<claim>",
    claim.text,
    "</claim>",
    "<evidence>",
    claim.evidence,
    "</evidence>",
    ...(index.length > 0
      ? [
          '<index_evidence source="archon">',
          ...index.map((c) => `- ${describeCheck(c)}`),
          "</index_evidence>",
          "Weigh the index evidence: a claim about changing code the index does not have, or calling new an " +
            "endpoint that already exists, is not PASS.",
        ]
      : []),
    "",
    ...readable(prdFolder),
    "",
    "Choose exactly one verdict:",
    TAXONOMY,
    "",
    "Rules:",
    "- Do not default to PASS. PASS only when the evidence above shows the claim is complete and checkable; " +
      "when in doubt choose the verdict that says what is missing.",
    "- NFR claims (latency, throughput, frame rate, storage) MUST NOT receive PASS: a target on paper is at " +
      "best SPEC-COMPLETE (its measurement method is named) or NEEDS-RUNTIME.",
    "- Judge only this claim, from what you may read above; do not invent context.",
    "- When another section of the PRD contradicts this claim, the verdict is FAIL and `contradictions` quotes " +
      "the contradicting text with its file or section.",
    "- Confidence describes the verdict, not the claim: 0.9 means you are sure your verdict is right, even when " +
      "the verdict is FAIL.",
  ];
  if (NFR_TYPES.has(claim.claim_type)) parts.push("- This claim IS an NFR claim: PASS is not allowed.");
  parts.push(
    "",
    "Answer with exactly one JSON object and nothing else:",
    '{"verdict": "PASS|SPEC-COMPLETE|NEEDS-RUNTIME|INCONCLUSIVE|FAIL", "rationale": "<one or two sentences>", ' +
      '"caveats": ["<what could change the verdict>"], "contradictions": ["<file or section>: <quoted text>"], ' +
      '"confidence": <number from 0 to 1>}',
  );
  return parts.join("\n");
}
