// The LLM-judge A/B's prompts and the reading of its verdict: one generation prompt that differs between
// the two arms only in the rules it carries, a judge prompt with the reference rules and two unlabeled
// plans, and a verdict parser that turns anything but the agreed JSON into an error, never a throw.
import type { MessageRequest } from "./messages-client.js";

/** Small on purpose: a plan is a few steps, a verdict a line; each case costs three calls. */
export const PLAN_MAX_TOKENS = 700;
export const VERDICT_MAX_TOKENS = 300;

const PLAN_SYSTEM =
  "You are a software engineer about to change a repository. Write a short implementation plan for the task: " +
  "at most 8 numbered steps, each naming the files it touches. Follow the project rules you are given; do not " +
  "write code.";

const JUDGE_SYSTEM =
  "You compare two implementation plans for the same task. The reference rules are the project rules that " +
  "apply to this change. Prefer the plan that follows the reference rules more faithfully and completely; count " +
  "it against a plan when it breaks them or is steered by rules that do not apply. Ignore length and style. " +
  'Answer with one JSON object and nothing else: {"winner":"1"|"2"|"tie","reason":"<one sentence>"}.';

export interface PlanInput {
  task: string;
  files: readonly string[];
  /** The rules the agent reads: archon's compile text, or every rule of the project. */
  context: string;
}

export function planRequest(input: PlanInput): MessageRequest {
  const user = [
    `<task>${input.task}</task>`,
    `<target_files>\n${input.files.join("\n")}\n</target_files>`,
    `<project_rules>\n${input.context.trim()}\n</project_rules>`,
  ].join("\n\n");
  return { system: PLAN_SYSTEM, user, max_tokens: PLAN_MAX_TOKENS };
}

export function verdictRequest(
  task: string,
  reference: string,
  plan1: string,
  plan2: string,
): MessageRequest {
  const user = [
    `<task>${task}</task>`,
    `<reference_rules>\n${reference.trim()}\n</reference_rules>`,
    `<plan_1>\n${plan1.trim()}\n</plan_1>`,
    `<plan_2>\n${plan2.trim()}\n</plan_2>`,
  ].join("\n\n");
  return { system: JUDGE_SYSTEM, user, max_tokens: VERDICT_MAX_TOKENS };
}

export type Verdict = { winner: "1" | "2" | "tie"; reason: string } | { error: string };

/** The first {...} of the answer (models sometimes fence it), with a winner of "1", "2" or "tie". */
export function parseVerdict(answer: string): Verdict {
  const start = answer.indexOf("{");
  const end = answer.lastIndexOf("}");
  const excerpt = JSON.stringify(answer.trim().slice(0, 120));
  if (start < 0 || end < start) return { error: `the verdict was not JSON: ${excerpt}` };
  let value: unknown;
  try {
    value = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return { error: `the verdict was not JSON: ${excerpt}` };
  }
  const fields = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const winner = String(fields.winner ?? "").toLowerCase();
  if (winner !== "1" && winner !== "2" && winner !== "tie")
    return { error: `the verdict named no winner of "1", "2" or "tie": ${excerpt}` };
  return { winner, reason: typeof fields.reason === "string" ? fields.reason : "" };
}
