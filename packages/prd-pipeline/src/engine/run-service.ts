// The impure shell around the reducer: ids, clock, persistence, the answer lease and the limits.

import { relative, resolve } from "node:path";
import { type Clock, type IdGenerator, UserError } from "@archon/core";
import type { EvidenceStore } from "../evidence/evidence-store.js";
import type { StrategyStat } from "../evidence/select-strategy.js";
import type { PipelineStateView } from "../run-model/answer-schemas.js";
import { boundFullState, boundGrounding } from "../run-model/bound-state-views.js";
import { boundAction, boundEnvelope, fitView } from "../run-model/bounding.js";
import { type Envelope, envelopeOf, summarise } from "../run-model/envelope.js";
import {
  answerSafely,
  type InProcessServers,
  inProcessServerFor,
  MAX_IN_PROCESS_CALLS,
} from "../run-model/in-process.js";
import {
  DEFAULT_LIMITS,
  jsonLength,
  type Limits,
  MAX_ANSWER_CHARS,
  MAX_LISTED_VIOLATIONS,
  MAX_RESULT_CHARS,
  overLimit,
} from "../run-model/limits.js";
import {
  type ActionResult,
  actionResultSchema,
  type Message,
  RESULT_KIND_FOR,
} from "../run-model/protocol.js";
import type { RunSources } from "../run-model/sources.js";
import { initialState, type NewRunInput, type RunState } from "../run-model/state.js";
import { actionToken, resultToken } from "../run-model/tokens.js";
import { STEP_TABLE } from "../steps/index.js";
import type { StepEnv, StepTable } from "../steps/step-kit.js";
import type { RunStore } from "./run-store.js";
import { type StepReturn, step } from "./runner.js";

/** The tool that shows a run's pending action, named as the host sees it registered. */
function stateTool(prefix: string): string {
  return `${prefix}get_pipeline_state`;
}

function fetchCurrentAction(prefix: string): string {
  return `Fetch the current action with ${stateTool(prefix)}(run_id, format: "action") and answer that one; send one answer per action.`;
}

function unknownRun(runId: string, prefix: string): UserError {
  return new UserError(
    `unknown run_id "${runId}"`,
    `The run never existed or was evicted after finishing. Call ${prefix}start_pipeline to begin a new run.`,
  );
}

function alreadyAnswered(runId: string, token: string, prefix: string): UserError {
  return new UserError(
    `submission rejected: the action this result answers (${token}) of run ${runId} was already answered; nothing was applied`,
    fetchCurrentAction(prefix),
  );
}

export type StateFormat = "summary" | "full" | "grounding" | "validation" | "action";

export interface ServiceDeps {
  store: RunStore;
  clock: Clock;
  ids: IdGenerator;
  namespace: string;
  limits?: Partial<Limits>;
  /** Where strategy executions and quality scores go; without it the loop runs on the catalogue alone. */
  evidence?: EvidenceStore;
  /** The prefix the pipeline tools are registered with, so hints name them as the host sees them. */
  toolPrefix: string;
  /** The step handlers the reducer runs; the real table unless a test drives its own. */
  steps?: StepTable;
  /** The project directory: write_file paths are relative to it, and Archon grounds a run from it. */
  projectRoot?: string;
  /** Where new runs get their codebase and memory grounding; external servers unless said otherwise. */
  sources?: RunSources;
  /** The servers that answer tool calls in-process for runs whose sources are Archon. */
  inProcess?: InProcessServers;
}

/** The codebase folder relative to the project directory, or null when it lies outside. */
export function codebaseDir(projectRoot: string, codebase: string): string | null {
  const rel = relative(resolve(projectRoot), resolve(projectRoot, codebase));
  if (rel === "") return ".";
  return rel.startsWith("..") || resolve(rel) === rel ? null : rel.split("\\").join("/");
}

export class PipelineService {
  readonly limits: Limits;
  private readonly steps: StepTable;
  private history: StrategyStat[] | null = null;

  constructor(private readonly deps: ServiceDeps) {
    this.limits = { ...DEFAULT_LIMITS, ...deps.limits };
    this.steps = deps.steps ?? STEP_TABLE;
  }

  /**
   * Steps on through every tool call a run's Archon sources answer in-process, so the host only sees the
   * actions that need it. The messages of every hop are kept, in order.
   */
  private serveInProcess(out: StepReturn, env: StepEnv): StepReturn {
    const servers = this.deps.inProcess;
    if (!servers || out.reissued) return out;
    let current = out;
    const messages = [...out.messages];
    for (let calls = 0; calls < MAX_IN_PROCESS_CALLS; calls++) {
      const action = current.action;
      if (action.kind !== "call_pipeline_tool" && action.kind !== "call_cortex_tool") break;
      const server = inProcessServerFor(current.state, action, servers);
      if (!server) break;
      current = step(this.steps, current.state, answerSafely(server, action), env);
      messages.push(...current.messages);
    }
    return { ...current, messages };
  }

  private bounded(out: StepReturn): Envelope {
    return boundEnvelope(envelopeOf(out.state, out.action, out.messages), stateTool(this.deps.toolPrefix));
  }

  private env(): StepEnv {
    this.history ??= this.deps.evidence?.stats() ?? [];
    return {
      now: this.deps.clock.now().toISOString(),
      namespace: this.deps.namespace,
      strategyHistory: this.history,
    };
  }

  private housekeeping(nowMs: number): void {
    const evicted = this.deps.store.evictFinished(nowMs - this.limits.idleMs, this.limits.maxFinishedRuns);
    if (evicted.length > 0) this.deps.evidence?.pruneRuns(evicted);
  }

  /** Writes what a step added to the evidence database: new strategy executions, and the quality of a finished run. */
  private recordEvidence(before: RunState, after: RunState): void {
    const evidence = this.deps.evidence;
    if (!evidence) return;
    const fresh = after.strategy_executions.slice(before.strategy_executions.length);
    if (fresh.length > 0) {
      evidence.recordExecutions(
        fresh.map((e) => ({ ...e, run_id: after.run_id, recorded_at: after.updated_at })),
      );
      this.history = null;
    }
    if (before.status === "running" && after.status === "done") {
      const scores = after.sections.map((s) => s.score ?? 0);
      evidence.recordQuality({
        run_id: after.run_id,
        prd_context: after.prd_context ?? "unknown",
        score:
          scores.length === 0
            ? 0
            : Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 1e4) / 1e4,
        sections_passed: after.sections.filter((s) => s.status === "passed").length,
        sections_total: after.sections.length,
        claims_evaluated: after.verification?.result?.claims_evaluated ?? 0,
        failures: after.verification?.result?.failures.length ?? 0,
        recorded_at: after.updated_at,
      });
    }
  }

  start(input: Omit<NewRunInput, "run_id" | "now">): Envelope {
    const nowMs = this.deps.clock.now().getTime();
    this.housekeeping(nowMs);
    const active = this.deps.store.countActive(nowMs - this.limits.idleMs);
    if (active >= this.limits.maxActiveRuns) {
      throw new UserError(
        `run_capacity_exceeded: ${active} runs are in progress (limit ${this.limits.maxActiveRuns})`,
        "Retry later: a slot frees up when a run finishes or after 30 minutes without activity.",
      );
    }
    const env = this.env();
    const state = initialState({
      ...input,
      ...this.placeCodebase(input.codebase_path ?? null),
      run_id: this.deps.ids.next("run"),
      now: env.now,
    });
    const out = this.serveInProcess(step(this.steps, state, undefined, env), env);
    this.deps.store.insert(out.state, nowMs);
    this.recordEvidence(state, out.state);
    return this.bounded(out);
  }

  /** The run's sources and where its codebase is: Archon grounds from the project itself, `none` from nothing. */
  private placeCodebase(
    given: string | null,
  ): Pick<NewRunInput, "codebase_path" | "codebase_dir" | "sources"> {
    const sources = this.deps.sources ?? { codebase: "external", memory: "external" };
    const root = this.deps.projectRoot;
    const codebase =
      sources.codebase === "none" ? null : sources.codebase === "archon" ? (given ?? root ?? null) : given;
    const dir = codebase === null ? null : root ? codebaseDir(root, codebase) : null;
    return { sources, codebase_path: codebase, codebase_dir: dir };
  }

  private load(runId: string): RunState {
    const stored = this.deps.store.get(runId);
    if (!stored) throw unknownRun(runId, this.deps.toolPrefix);
    return stored.state;
  }

  /**
   * Applies one answer. The run's lease is the in-flight guard, held in the store so it binds every server
   * process on the database; the commit is a compare-and-set on the version read, so of two answers to one
   * action exactly one is applied and the other is told so.
   */
  async submit(runId: string, raw: unknown): Promise<Envelope> {
    const nowMs = this.deps.clock.now().getTime();
    const owner = this.deps.ids.next("lease");
    const taken = this.deps.store.lease(runId, owner, nowMs, this.limits.leaseMs);
    if (taken.kind === "unknown") throw unknownRun(runId, this.deps.toolPrefix);
    if (taken.kind === "busy") {
      throw new UserError(
        `submission rejected: the pending action of run ${runId} is being answered by another call; nothing was applied`,
        fetchCurrentAction(this.deps.toolPrefix),
      );
    }
    let committed = false;
    try {
      const { state, version, answeredToken } = taken.run;
      if (state.status !== "running") {
        throw new UserError(
          `run ${runId} already ended (${state.status}); the result was not applied`,
          `Stop the loop after \`done\` or \`failed\`. Start a new run with ${this.deps.toolPrefix}start_pipeline.`,
        );
      }
      const { result, notes } = capFreeform(parseResult(raw, state));
      const token = resultToken(result);
      if (state.pending && token === answeredToken && token !== actionToken(state.pending)) {
        throw alreadyAnswered(runId, token, this.deps.toolPrefix);
      }
      const env = this.env();
      const stepped = this.serveInProcess(step(this.steps, state, result, env), env);
      const out = { ...stepped, messages: [...notes, ...stepped.messages] };
      const answered = out.reissued || !state.pending ? answeredToken : actionToken(state.pending);
      committed = this.deps.store.commit(out.state, { owner, version, answeredToken: answered, nowMs });
      if (!committed) throw alreadyAnswered(runId, token, this.deps.toolPrefix);
      this.recordEvidence(state, out.state);
      this.housekeeping(nowMs);
      return this.bounded(out);
    } finally {
      if (!committed) this.deps.store.release(runId, owner);
    }
  }

  getState(runId: string, format: StateFormat, part = 0): PipelineStateView {
    const state = this.load(runId);
    switch (format) {
      case "summary":
        return fitView(
          {
            run_id: state.run_id,
            status: state.status,
            current_step: state.step,
            prd_context: state.prd_context,
            feature_description: state.feature_description,
            pending_action: state.pending?.kind ?? null,
            final_action: state.final_action,
            state_summary: summarise(state),
            errors_dropped: state.errors_dropped,
            files: state.files,
          },
          'read the errors with format "full" and the verification in 10-verification-report.md',
        );
      case "full":
        return boundFullState(state);
      case "grounding":
        return boundGrounding(state);
      case "validation":
        return fitView(
          {
            run_id: state.run_id,
            sections: state.sections.map((s) => ({
              type: s.type,
              status: s.status,
              attempts: s.attempt,
              score: s.score,
              violations: s.violations.slice(0, MAX_LISTED_VIOLATIONS),
              violations_omitted: Math.max(0, s.violations.length - MAX_LISTED_VIOLATIONS),
            })),
          },
          "validate one section's text with validate_prd_section for its violations",
        );
      case "action": {
        const action = state.pending ?? state.final_action;
        if (!action) return { run_id: state.run_id, action: null, part: 0, next_part: null };
        return fitView(
          { run_id: state.run_id, ...boundAction(action, part) },
          "the action is larger than any answer; the files it writes are under prd-output/",
        );
      }
    }
  }

  counts(): Record<string, number> {
    return this.deps.store.countByStatus();
  }
}

/** A free answer longer than a person's answer is kept to its first MAX_ANSWER_CHARS, and the host is told. */
export function capFreeform(result: ActionResult): { result: ActionResult; notes: Message[] } {
  if (result.kind !== "user_answer" || (result.freeform?.length ?? 0) <= MAX_ANSWER_CHARS)
    return { result, notes: [] };
  const length = result.freeform?.length ?? 0;
  return {
    result: { ...result, freeform: result.freeform?.slice(0, MAX_ANSWER_CHARS) },
    notes: [
      {
        level: "warning",
        text: `The answer was ${length} characters; only its first ${MAX_ANSWER_CHARS} were kept.`,
      },
    ],
  };
}

/** Turns what the host sent into a typed result, or a UserError that says what was expected. */
export function parseResult(raw: unknown, state: RunState): ActionResult {
  const size = typeof raw === "string" ? raw.length : jsonLength(raw);
  if (size > MAX_RESULT_CHARS) {
    throw new UserError(
      `result too large, nothing was applied: ${size} characters of JSON, ${overLimit(MAX_RESULT_CHARS)}`,
      "Shorten the longest fields (a subagent's reply can be cut to its answer) and submit again; the pending action is unchanged.",
      "result",
    );
  }
  let value = raw;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch (error) {
      throw new UserError(
        `result is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
        'Submit the result as a JSON object, e.g. { "kind": "user_answer", ... }.',
      );
    }
  }
  const parsed = actionResultSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const expected = state.pending ? RESULT_KIND_FOR[state.pending.kind] : "a result";
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join(".") || "result"}: ${i.message}`)
    .join("; ");
  if (parsed.error.issues.some((i) => i.code === "too_big")) {
    throw new UserError(
      `result too large, nothing was applied: ${issues}`,
      "Shorten that field to its limit (a subagent's reply can be cut to its answer) and submit again; the pending action is unchanged.",
      "result",
    );
  }
  throw new UserError(
    `malformed result, nothing was applied: ${issues}`,
    `The pending action is ${state.pending?.kind ?? "none"}; answer it with a "${expected}" result as the protocol describes.`,
  );
}
