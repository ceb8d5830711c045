// Judge replies to verdicts: anything missing, failed, unparseable or duplicated becomes INCONCLUSIVE.
import type { SubagentBatchResult } from "../run-model/protocol.js";
import { extractJsonObject } from "../sections/json-reply.js";
import { type JudgeVerdict, type PlannedJudge, VERDICTS, type Verdict } from "./types.js";

type Response = SubagentBatchResult["responses"][number];

function inconclusive(planned: PlannedJudge, caveat: string): JudgeVerdict {
  return {
    claim_id: planned.claim_id,
    judge: planned.judge,
    verdict: "INCONCLUSIVE",
    rationale: "No usable verdict from this judge.",
    caveats: [caveat],
    confidence: 0,
  };
}

function asVerdict(value: unknown): Verdict | null {
  if (typeof value !== "string") return null;
  const upper = value.trim().toUpperCase().replace(/[_ ]/g, "-");
  return (VERDICTS as readonly string[]).includes(upper) ? (upper as Verdict) : null;
}

function asConfidence(value: unknown): number | null {
  const n = typeof value === "string" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n)) return null;
  return Math.min(1, Math.max(0, n));
}

/** One judge's reply, or the reason it is unusable. */
export function parseVerdict(planned: PlannedJudge, raw: string): JudgeVerdict {
  const json = extractJsonObject(raw);
  if (!json) return inconclusive(planned, "the reply held no JSON object");
  const verdict = asVerdict(json.verdict);
  const confidence = asConfidence(json.confidence);
  if (verdict === null)
    return inconclusive(planned, `unknown verdict ${JSON.stringify(json.verdict) ?? "(none)"}`);
  if (confidence === null) return inconclusive(planned, "the reply gave no numeric confidence");
  const list = (value: unknown) => (Array.isArray(value) ? value.map((c) => String(c).slice(0, 300)) : []);
  // A contradiction is kept as a caveat the report can show: it says where the PRD disagrees with itself.
  const caveats = [
    ...list(json.contradictions).map((c) => `contradiction: ${c}`),
    ...list(json.caveats),
  ].slice(0, 10);
  return {
    claim_id: planned.claim_id,
    judge: planned.judge,
    verdict,
    rationale: typeof json.rationale === "string" ? json.rationale.slice(0, 1000) : "",
    caveats,
    confidence,
  };
}

/** One verdict per planned judge, in plan order, whatever the batch held. */
export function parseBatch(plan: readonly PlannedJudge[], responses: readonly Response[]): JudgeVerdict[] {
  const byId = new Map<string, Response[]>();
  for (const r of responses) byId.set(r.invocation_id, [...(byId.get(r.invocation_id) ?? []), r]);
  return plan.map((planned) => {
    const replies = byId.get(planned.invocation_id) ?? [];
    if (replies.length === 0) return inconclusive(planned, "the judge sent no reply");
    if (replies.length > 1)
      return inconclusive(planned, `${replies.length} replies for one invocation; none was trusted`);
    const reply = replies[0] as Response;
    if (reply.error) return inconclusive(planned, `the judge failed: ${reply.error.slice(0, 300)}`);
    if (!reply.raw_text || reply.raw_text.trim() === "") return inconclusive(planned, "the reply was empty");
    return parseVerdict(planned, reply.raw_text);
  });
}

const MISMATCH = "structural: the judge plan changed between dispatch and parsing";

/**
 * Every verdict INCONCLUSIVE, the rule tier's included: the plan rebuilt at parse time is not the plan that
 * was dispatched, so not even which claims are mechanical can be trusted.
 */
export function structuralMismatch(
  plan: readonly PlannedJudge[],
  ruleTier: readonly JudgeVerdict[] = [],
): JudgeVerdict[] {
  const settled = ruleTier.map((v) => ({
    ...v,
    verdict: "INCONCLUSIVE" as const,
    rationale: "The plan did not match; the rule tier's verdict is not trusted either.",
    caveats: [MISMATCH],
    confidence: 0,
  }));
  return [...settled, ...plan.map((p) => inconclusive(p, MISMATCH))];
}
