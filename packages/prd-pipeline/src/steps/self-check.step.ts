// Step 11: claims, graph validation (with a codebase), the judge budget question, one judge batch, consensus.
import { InternalError } from "@archon/core";
import type { AskUser, SubagentBatchResult, ToolResult, UserAnswer } from "../run-model/protocol.js";
import { type RunState, type RunStateAt, type VerificationState, withError } from "../run-model/state.js";
import { outputDir } from "../sections/file-plan.js";
import {
  budgetOf,
  defaultChoice,
  MAX_JUDGE_INVOCATIONS,
  planJudges,
  samePlan,
} from "../verification/budget.js";
import { extractClaims } from "../verification/claims.js";
import { concludeDocument, ruleTierVerdicts } from "../verification/consensus.js";
import { indexChecks } from "../verification/index-evidence.js";
import { judgeBatch } from "../verification/judge-batch.js";
import { parseBatch, structuralMismatch } from "../verification/parse-verdicts.js";
import type { BudgetChoice, JudgeVerdict } from "../verification/types.js";
import { workFolder } from "./input-analysis.step.js";
import {
  gateAnswer,
  info,
  moveTo,
  noTransition,
  type StepEnv,
  type StepHandler,
  type StepOutcome,
  warning,
} from "./step-kit.js";

export const BUDGET_OPTIONS: readonly { label: string; choice: BudgetChoice; description: string }[] = [
  {
    label: "Reduced sample",
    choice: "reduced",
    description: `Every claim type judged once by its whole panel, then more claims up to ${MAX_JUDGE_INVOCATIONS} judges`,
  },
  { label: "Full fleet", choice: "full", description: "Every subjective claim judged, whatever it costs" },
  {
    label: "Skip verification",
    choice: "skip",
    description: "No judges; the implementation gate will ask you to decide",
  },
];

function verification(state: RunState): VerificationState {
  if (!state.verification) throw new InternalError("self_check has no verification state");
  return state.verification;
}

function withVerification<T extends RunState>(state: T, patch: Partial<VerificationState>): T {
  return { ...state, verification: { ...verification(state), ...patch } };
}

function budgetQuestion(state: RunState, env: StepEnv): AskUser {
  const b = budgetOf(verification(state).claims, env.namespace);
  return {
    kind: "ask_user",
    question_id: "self_check_budget",
    header: `Verification needs ${b.full_fleet} judges (limit ${b.limit})`,
    description:
      `${b.subjective} claims need a judge and ${b.mechanical} are settled by rule. ` +
      `A reduced sample leaves ${b.reduced_leaves_unjudged.length} unjudged. ` +
      "Judge a reduced sample, the full fleet, or skip verification?",
    options: BUDGET_OPTIONS.map(({ label, description }) => ({ label, description })),
    multi_select: false,
  };
}

/** `all` replaces the rule tier's verdicts too (a plan mismatch trusts none of them). */
function conclude(state: RunState, judged: readonly JudgeVerdict[], all = false): StepOutcome {
  const v = verification(state);
  const verdicts = all ? [...judged] : [...ruleTierVerdicts(v.claims), ...judged];
  const result = concludeDocument(v.claims, verdicts);
  const d = result.distribution;
  const text =
    `Verification: ${result.claims_evaluated} of ${v.claims.length} claims evaluated by ${result.judges_invoked} judges ` +
    `(PASS ${d.PASS}, SPEC-COMPLETE ${d["SPEC-COMPLETE"]}, NEEDS-RUNTIME ${d["NEEDS-RUNTIME"]}, ` +
    `INCONCLUSIVE ${d.INCONCLUSIVE}, FAIL ${d.FAIL}).`;
  const messages = [info(text)];
  if (result.distribution_suspicious)
    messages.push(warning("Every claim passed: the panel may have been too soft."));
  return { state: moveTo(withVerification(state, { verdicts, result }), "implementation_gate"), messages };
}

function dispatch(state: RunStateAt<"self_check">, choice: BudgetChoice, env: StepEnv): StepOutcome {
  const v = verification(state);
  const plan = planJudges(v.claims, choice, env.namespace);
  const next = withVerification({ ...state, phase: "judge" }, { choice, plan });
  if (plan.judges.length === 0) {
    const why = choice === "skip" ? "Verification skipped by choice." : "No claim needs a judge.";
    const out = conclude(next, []);
    return { ...out, messages: [info(why), ...(out.messages ?? [])] };
  }
  return {
    state: next,
    action: judgeBatch(
      "self_check_verify",
      plan,
      v.claims,
      state.feature_description,
      indexChecks(v.graph_validation),
      outputDir(state.run_id),
    ),
  };
}

function plan(state: RunStateAt<"self_check">, env: StepEnv): StepOutcome {
  const choice = defaultChoice(verification(state).claims, env.namespace);
  if (choice) return dispatch(state, choice, env);
  return { state: { ...state, phase: "budget" }, action: budgetQuestion(state, env) };
}

/** Claims from the passed sections; with a grounded codebase, the PRD's names are checked against it first. */
function extract(state: RunStateAt<"self_check">, env: StepEnv): StepOutcome {
  const sections = state.sections
    .filter((s) => s.status === "passed" && s.content !== null)
    .map((s) => ({ type: s.type, content: s.content ?? "" }));
  const claims = extractClaims(sections);
  const next: RunStateAt<"self_check"> = {
    ...state,
    verification: {
      claims,
      choice: null,
      plan: null,
      verdicts: [],
      result: null,
      graph_validation: null,
      policy: null,
    },
  };
  const messages = [info(`Self-check: ${claims.length} claims extracted from ${sections.length} sections.`)];
  if (!state.codebase_path || state.grounding === null) return { ...plan(next, env), messages };
  const dir = outputDir(state.run_id);
  return {
    state: { ...next, phase: "graph" },
    messages,
    action: {
      kind: "call_pipeline_tool",
      tool_name: "validate_prd_against_graph",
      arguments: {
        path: state.codebase_path,
        output_dir: workFolder(state.codebase_path),
        prd_path: `${dir}/01-prd.md`,
        affected_symbols_path: `${dir}/affected-symbols.json`,
      },
      correlation_id: "self_check_graph",
    },
  };
}

/** A failed graph validation is recorded and judging goes on without it. */
function afterGraph(state: RunStateAt<"self_check">, result: ToolResult, env: StepEnv): StepOutcome {
  if (result.success) {
    const graph = JSON.parse(JSON.stringify(result.data ?? null));
    return plan(withVerification(state, { graph_validation: graph }), env);
  }
  const failed = withError(
    state,
    "upstream_failure",
    `graph validation failed: ${result.error ?? ""}`,
    env.now,
  );
  const out = plan(failed, env);
  return {
    ...out,
    messages: [warning("Graph validation failed; judging without it."), ...(out.messages ?? [])],
  };
}

/** The user's budget choice, by label or by choice name; anything else asks again. */
function afterBudget(state: RunStateAt<"self_check">, result: UserAnswer, env: StepEnv): StepOutcome {
  const { answer: given, refusal } = gateAnswer(result);
  if (refusal) return { state, messages: [warning(refusal)], action: budgetQuestion(state, env) };
  const answer = given.toLowerCase();
  const option = BUDGET_OPTIONS.find((o) => o.label.toLowerCase() === answer || o.choice === answer);
  if (option) return dispatch(state, option.choice, env);
  return {
    state,
    messages: [warning(`Answer one of: ${BUDGET_OPTIONS.map((o) => o.label).join(", ")}.`)],
    action: budgetQuestion(state, env),
  };
}

/** The judges' replies, parsed against the plan rebuilt now: a plan that differs trusts no verdict. */
function afterJudges(
  state: RunStateAt<"self_check">,
  result: SubagentBatchResult,
  env: StepEnv,
): StepOutcome {
  const v = verification(state);
  if (!v.plan || !v.choice) throw new InternalError("judge replies arrived without a dispatched plan");
  const rebuilt = planJudges(v.claims, v.choice, env.namespace);
  if (!samePlan(rebuilt, v.plan)) {
    const failed = withError(
      state,
      "structural",
      "the judge plan rebuilt at parse time differs from the plan dispatched; every verdict is INCONCLUSIVE",
      env.now,
    );
    const out = conclude(failed, structuralMismatch(v.plan.judges, ruleTierVerdicts(v.claims)), true);
    return {
      ...out,
      messages: [warning("Judge plan mismatch: verdicts discarded."), ...(out.messages ?? [])],
    };
  }
  return conclude(state, parseBatch(v.plan.judges, result.responses));
}

export const selfCheckStep: StepHandler<"self_check"> = (state, result, env) => {
  if (state.phase === "start") return extract(state, env);
  if (state.phase === "graph" && result?.kind === "tool_result") return afterGraph(state, result, env);
  if (state.phase === "budget" && result?.kind === "user_answer") return afterBudget(state, result, env);
  if (state.phase === "judge" && result?.kind === "subagent_batch_result")
    return afterJudges(state, result, env);
  throw noTransition("self_check", state.phase);
};
