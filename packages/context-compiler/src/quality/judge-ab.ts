// The bench's LLM-judge generation A/B: for each case a plan written with archon's compile text (A) and
// one written with every rule of the project (B, the one giant CLAUDE.md), then a judge that sees both
// plans unlabeled, in an order that alternates by case, against the case's reference rules.
import { UserError } from "@archon/core";
import { parseVerdict, planRequest, verdictRequest } from "./judge-prompts.js";
import { MessagesApiError, type MessagesClient } from "./messages-client.js";

export interface JudgeCase {
  id: string;
  task: string;
  files: string[];
  /** What the agent reads through archon: the compile text. */
  context_a: string;
  /** What it reads without archon: every rule of the knowledge base, concatenated. */
  context_b: string;
  /** The labeled expected rules' text: what a correct plan follows. */
  reference: string;
}

export type JudgeWinner = "archon" | "baseline" | "tie" | "error";

export interface JudgeCaseResult {
  id: string;
  bytes_a: number;
  bytes_b: number;
  /** Which arm the judge saw as "Plan 1" (even cases archon, odd cases the baseline). */
  plan_1: "archon" | "baseline";
  winner: JudgeWinner;
  reason: string;
}

export interface JudgeReport {
  ran: true;
  model: string;
  /** 0, or null when the model refused sampling parameters and ran at its default. */
  temperature: number | null;
  cases: JudgeCaseResult[];
  totals: {
    cases: number;
    wins: number;
    losses: number;
    ties: number;
    errors: number;
    /** Archon's wins over the cases one arm won; null when none was. */
    win_rate: number | null;
    /** Bytes of archon's contexts over the baseline's, all cases together. */
    context_ratio: number;
  };
}

/** At most this many cases at once; a case's three calls run one after another, so also requests. */
const CONCURRENCY = 2;

const bytes = (s: string) => Buffer.byteLength(s, "utf8");
const round = (n: number) => Math.round(n * 10_000) / 10_000;

async function judgeCase(c: JudgeCase, index: number, client: MessagesClient): Promise<JudgeCaseResult> {
  const plan_1 = index % 2 === 0 ? "archon" : "baseline";
  const base = { id: c.id, bytes_a: bytes(c.context_a), bytes_b: bytes(c.context_b), plan_1 } as const;
  try {
    const planA = await client.complete(planRequest({ task: c.task, files: c.files, context: c.context_a }));
    const planB = await client.complete(planRequest({ task: c.task, files: c.files, context: c.context_b }));
    const [first, second] = plan_1 === "archon" ? [planA, planB] : [planB, planA];
    const verdict = parseVerdict(await client.complete(verdictRequest(c.task, c.reference, first, second)));
    if ("error" in verdict) return { ...base, winner: "error", reason: verdict.error };
    const winner =
      verdict.winner === "tie"
        ? "tie"
        : (verdict.winner === "1") === (plan_1 === "archon")
          ? "archon"
          : "baseline";
    return { ...base, winner, reason: verdict.reason };
  } catch (error) {
    if (error instanceof MessagesApiError) return { ...base, winner: "error", reason: error.message };
    throw error;
  }
}

function totals(results: JudgeCaseResult[]): JudgeReport["totals"] {
  const count = (w: JudgeWinner) => results.filter((r) => r.winner === w).length;
  const wins = count("archon");
  const losses = count("baseline");
  const a = results.reduce((n, r) => n + r.bytes_a, 0);
  const b = results.reduce((n, r) => n + r.bytes_b, 0);
  return {
    cases: results.length,
    wins,
    losses,
    ties: count("tie"),
    errors: count("error"),
    win_rate: wins + losses === 0 ? null : round(wins / (wins + losses)),
    context_ratio: b === 0 ? 0 : round(a / b),
  };
}

/**
 * Runs every case, CONCURRENCY at a time, reporting each on `progress` as it ends. A refused key (the
 * client's UserError) stops the run: no new case starts, and it is thrown once the running ones end.
 */
export async function runJudgeAB(
  cases: readonly JudgeCase[],
  client: MessagesClient,
  progress: (line: string) => void = () => {},
): Promise<JudgeReport> {
  const results: JudgeCaseResult[] = new Array(cases.length);
  let next = 0;
  let done = 0;
  let stopped: UserError | null = null;
  async function worker(): Promise<void> {
    while (stopped === null && next < cases.length) {
      const index = next++;
      const c = cases[index] as JudgeCase;
      try {
        const result = await judgeCase(c, index, client);
        results[index] = result;
        done += 1;
        progress(
          `judge ${done}/${cases.length} ${c.id}: ${result.winner}${result.reason ? ` (${result.reason})` : ""}`,
        );
      } catch (error) {
        if (!(error instanceof UserError)) throw error;
        stopped = error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, cases.length) }, worker));
  if (stopped) throw stopped;
  return {
    ran: true,
    model: client.model,
    temperature: client.temperature(),
    cases: results,
    totals: totals(results),
  };
}
