// The judge budget: who judges which claim, and the reduced sample when the full fleet is too large.
import { canonicalJson } from "@archon/core";
import { judgesFor, ONE_PANEL_PER_TYPE } from "./panels.js";
import type { BudgetChoice, Claim, ClaimType, JudgePlan, PlannedJudge } from "./types.js";

/**
 * Invocations one verification may spend without asking: one whole panel per claim type, so a reduced
 * sample can still give every claim type its full panel (the spec's 20 predates panels of two and three).
 */
export const MAX_JUDGE_INVOCATIONS = ONE_PANEL_PER_TYPE;

export interface BudgetInfo {
  claims: number;
  mechanical: number;
  subjective: number;
  full_fleet: number;
  limit: number;
  over_budget: boolean;
  /** The subjective claims a reduced sample would leave without a judge, in document order. */
  reduced_leaves_unjudged: string[];
}

interface Seat {
  claim: Claim;
  index: number;
  judges: PlannedJudge["judge"][];
}

function seats(claims: readonly Claim[], namespace: string): Seat[] {
  const ordinals = new Map<ClaimType, number>();
  const out: Seat[] = [];
  claims.forEach((claim, index) => {
    if (claim.mechanical) return;
    const ordinal = ordinals.get(claim.claim_type) ?? 0;
    ordinals.set(claim.claim_type, ordinal + 1);
    out.push({ claim, index, judges: judgesFor(claim.claim_type, ordinal, namespace) });
  });
  return out;
}

export function budgetOf(claims: readonly Claim[], namespace = "ns"): BudgetInfo {
  const all = seats(claims, namespace);
  const full = all.reduce((n, s) => n + s.judges.length, 0);
  return {
    claims: claims.length,
    mechanical: claims.length - all.length,
    subjective: all.length,
    full_fleet: full,
    limit: MAX_JUDGE_INVOCATIONS,
    over_budget: full > MAX_JUDGE_INVOCATIONS,
    reduced_leaves_unjudged: unjudgedBy(claims, planJudges(claims, "reduced", namespace)),
  };
}

/** Every claim type once (first claim of each), then the rest in order, while the budget lasts. */
function reducedSample(all: readonly Seat[]): Seat[] {
  const chosen = new Set<Seat>();
  let spent = 0;
  const take = (seat: Seat) => {
    if (chosen.has(seat) || spent + seat.judges.length > MAX_JUDGE_INVOCATIONS) return;
    chosen.add(seat);
    spent += seat.judges.length;
  };
  const covered = new Set<ClaimType>();
  for (const seat of all) {
    if (covered.has(seat.claim.claim_type)) continue;
    covered.add(seat.claim.claim_type);
    take(seat);
  }
  for (const seat of all) take(seat);
  return all.filter((s) => chosen.has(s));
}

/**
 * The judges to dispatch for a choice. Deterministic: rebuilding it from the same claims, choice and
 * namespace gives the same plan, which is how a reply batch is checked against what was sent.
 */
export function planJudges(
  claims: readonly Claim[],
  choice: BudgetChoice,
  namespace: string,
  idPrefix = "self_check_judge",
): JudgePlan {
  const all = seats(claims, namespace);
  const picked = choice === "skip" ? [] : choice === "full" ? all : reducedSample(all);
  const judges: PlannedJudge[] = [];
  for (const seat of picked) {
    for (const judge of seat.judges) {
      judges.push({
        invocation_id: `${idPrefix}_${String(judges.length + 1).padStart(4, "0")}`,
        claim_id: seat.claim.claim_id,
        judge,
      });
    }
  }
  return { choice, namespace, judges };
}

/** The subjective claims a plan gives no judge: skipped, or left out of a reduced sample. */
export function unjudgedBy(claims: readonly Claim[], plan: JudgePlan): string[] {
  const judged = new Set(plan.judges.map((j) => j.claim_id));
  return claims.filter((c) => !c.mechanical && !judged.has(c.claim_id)).map((c) => c.claim_id);
}

/** The choice when nobody was asked: the full fleet fits the budget. */
export function defaultChoice(claims: readonly Claim[], namespace: string): BudgetChoice | null {
  return budgetOf(claims, namespace).over_budget ? null : "full";
}

export function samePlan(a: JudgePlan, b: JudgePlan): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
