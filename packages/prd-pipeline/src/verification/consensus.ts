// Consensus: per claim (weighted by confidence, or Bayesian with reliabilities), the performance clamp, and the document.
import { measurementMethod } from "../validation/measurement-method.js";
import {
  type Claim,
  type ClaimResult,
  type DocumentResult,
  emptyDistribution,
  type JudgeVerdict,
  severity,
  VERDICTS,
  type Verdict,
} from "./types.js";

export type ConsensusMode = "weighted" | "bayesian";

export interface ConsensusOptions {
  mode?: ConsensusMode;
  /** Per judge name, for the Bayesian mode; unknown judges get `defaultReliability`. */
  reliability?: Readonly<Record<string, number>>;
  defaultReliability?: number;
}

export const DEFAULT_RELIABILITY = 0.7;
export const RULE_TIER = { name: "rule-tier", subagent_type: "rule-tier", model: "none" } as const;
const EPSILON = 1e-9;

/** Verdicts for mechanical claims: settled by rule, no judge. */
export function ruleTierVerdicts(claims: readonly Claim[]): JudgeVerdict[] {
  return claims
    .filter((c) => c.mechanical)
    .map((c) => ({
      claim_id: c.claim_id,
      judge: { ...RULE_TIER },
      verdict: "SPEC-COMPLETE" as const,
      rationale: "The claim names a deterministic check; it is settled by running it, not by a judge.",
      caveats: [],
      confidence: 1,
    }));
}

// Summing in one canonical order makes the result independent of the order verdicts arrived in.
function canonical(verdicts: readonly JudgeVerdict[]): JudgeVerdict[] {
  return [...verdicts].sort(
    (a, b) =>
      severity(a.verdict) - severity(b.verdict) ||
      a.confidence - b.confidence ||
      a.judge.name.localeCompare(b.judge.name),
  );
}

/** The largest share wins; a tie goes to the more severe verdict. FAIL wins at half the weight. */
function decide(weights: Record<Verdict, number>, total: number): Verdict {
  if (weights.FAIL > 0 && weights.FAIL * 2 >= total - EPSILON) return "FAIL";
  let best: Verdict = "PASS";
  for (const v of VERDICTS) if (weights[v] >= weights[best] - EPSILON) best = v;
  return best;
}

function weighted(verdicts: readonly JudgeVerdict[]): { verdict: Verdict; confidence: number } {
  const zero = verdicts.every((v) => v.confidence === 0);
  const weights = { PASS: 0, "SPEC-COMPLETE": 0, "NEEDS-RUNTIME": 0, INCONCLUSIVE: 0, FAIL: 0 };
  for (const v of canonical(verdicts)) weights[v.verdict] += zero ? 1 : v.confidence;
  const total = VERDICTS.reduce((n, v) => n + weights[v], 0);
  const verdict = decide(weights, total);
  return { verdict, confidence: zero ? 0 : weights[verdict] / total };
}

function bayesian(
  verdicts: readonly JudgeVerdict[],
  options: ConsensusOptions,
): { verdict: Verdict; confidence: number } {
  const k = VERDICTS.length;
  const zero = verdicts.every((v) => v.confidence === 0);
  const logs = { PASS: 0, "SPEC-COMPLETE": 0, "NEEDS-RUNTIME": 0, INCONCLUSIVE: 0, FAIL: 0 };
  for (const v of canonical(verdicts)) {
    const r = options.reliability?.[v.judge.name] ?? options.defaultReliability ?? DEFAULT_RELIABILITY;
    const c = zero ? 1 : v.confidence;
    const hit = Math.min(1 - EPSILON, Math.max(EPSILON, 1 / k + (r - 1 / k) * c));
    for (const candidate of VERDICTS)
      logs[candidate] += Math.log(candidate === v.verdict ? hit : (1 - hit) / (k - 1));
  }
  const top = Math.max(...VERDICTS.map((v) => logs[v]));
  const posterior = { ...logs };
  for (const v of VERDICTS) posterior[v] = Math.exp(logs[v] - top);
  const total = VERDICTS.reduce((n, v) => n + posterior[v], 0);
  for (const v of VERDICTS) posterior[v] /= total;
  const verdict = decide(posterior, 1);
  return { verdict, confidence: posterior[verdict] };
}

/** Enforced in code: a performance claim never ends PASS at design time. */
export function clampPerformance(
  claim: Claim,
  verdict: Verdict,
): { verdict: Verdict; method: string | null } {
  const method =
    claim.claim_type === "performance" ? measurementMethod(`${claim.text}\n${claim.evidence}`) : null;
  if (claim.claim_type !== "performance" || verdict !== "PASS") return { verdict, method };
  return { verdict: method ? "SPEC-COMPLETE" : "NEEDS-RUNTIME", method };
}

/** The mean confidence of the judges who gave the verdict the panel settled on. */
function judgeConfidence(verdicts: readonly JudgeVerdict[], verdict: Verdict): number {
  const agreeing = canonical(verdicts).filter((v) => v.verdict === verdict && v.confidence > 0);
  if (agreeing.length === 0) return 0;
  return agreeing.reduce((n, v) => n + v.confidence, 0) / agreeing.length;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** One claim's result; null when nobody judged it (skipped, or left out of a reduced sample). */
export function concludeClaim(
  claim: Claim,
  verdicts: readonly JudgeVerdict[],
  options: ConsensusOptions = {},
): ClaimResult | null {
  if (verdicts.length === 0) return null;
  const raw = options.mode === "bayesian" ? bayesian(verdicts, options) : weighted(verdicts);
  const clamped = clampPerformance(claim, raw.verdict);
  return {
    claim_id: claim.claim_id,
    claim_type: claim.claim_type,
    verdict: clamped.verdict,
    confidence: round(judgeConfidence(verdicts, raw.verdict)),
    consensus_share: round(raw.confidence),
    judges: verdicts.filter((v) => v.judge.name !== RULE_TIER.name).length,
    clamped_from: clamped.verdict === raw.verdict ? null : raw.verdict,
    measurement_method: clamped.method,
  };
}

/** Claims of one type a panel must have passed unanimously before its ease is suspicious. */
export const SUSPICIOUS_PANEL_CLAIMS = 5;

/** Claim types where at least SUSPICIOUS_PANEL_CLAIMS claims had two judges or more, all of them PASS. */
function suspiciousPanels(
  claims: readonly Claim[],
  verdicts: readonly JudgeVerdict[],
): Claim["claim_type"][] {
  const unanimous = new Map<Claim["claim_type"], number>();
  const spoiled = new Set<Claim["claim_type"]>();
  for (const claim of claims) {
    const judged = verdicts.filter((v) => v.claim_id === claim.claim_id && v.judge.name !== RULE_TIER.name);
    if (judged.length < 2) continue;
    if (judged.every((v) => v.verdict === "PASS" && v.confidence > 0))
      unanimous.set(claim.claim_type, (unanimous.get(claim.claim_type) ?? 0) + 1);
    else spoiled.add(claim.claim_type);
  }
  return [...unanimous]
    .filter(([type, n]) => n >= SUSPICIOUS_PANEL_CLAIMS && !spoiled.has(type))
    .map(([type]) => type)
    .sort();
}

/**
 * Counts, failures, warnings, the claims nobody judged, and the suspicion flag: at least 5 claims all PASS
 * (the spec's rule), or a panel that passed every claim of its type unanimously.
 */
export function concludeDocument(
  claims: readonly Claim[],
  verdicts: readonly JudgeVerdict[],
  options: ConsensusOptions = {},
): DocumentResult {
  const results: ClaimResult[] = [];
  for (const claim of claims) {
    const result = concludeClaim(
      claim,
      verdicts.filter((v) => v.claim_id === claim.claim_id),
      options,
    );
    if (result) results.push(result);
  }
  const distribution = emptyDistribution();
  for (const r of results) distribution[r.verdict] += 1;
  const judgedIds = new Set(results.map((r) => r.claim_id));
  const panels = suspiciousPanels(claims, verdicts);
  return {
    claims_evaluated: results.length,
    judges_invoked: verdicts.filter((v) => v.judge.name !== RULE_TIER.name).length,
    distribution,
    distribution_suspicious:
      (results.length >= 5 && distribution.PASS === results.length) || panels.length > 0,
    suspicious_panels: panels,
    unjudged: claims.filter((c) => !c.mechanical && !judgedIds.has(c.claim_id)).map((c) => c.claim_id),
    failures: results.filter((r) => r.verdict === "FAIL").map((r) => r.claim_id),
    warnings: results
      .filter((r) => r.verdict === "INCONCLUSIVE" || r.verdict === "NEEDS-RUNTIME")
      .map((r) => r.claim_id),
    claims: results,
  };
}
