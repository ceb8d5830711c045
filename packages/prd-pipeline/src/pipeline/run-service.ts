// The impure shell around the reducer: ids, clock, persistence, the in-flight guard and the limits.

import { setTimeout as sleep } from "node:timers/promises";
import { type Clock, type IdGenerator, UserError } from "@archon/core";
import type { EvidenceStore } from "../evidence/evidence-store.js";
import type { StrategyStat } from "../evidence/select-strategy.js";
import type { StepEnv } from "../steps/step-kit.js";
import { boundAction, boundEnvelope, boundFullState, boundGrounding } from "./bounding.js";
import { type Envelope, envelopeOf, summarise } from "./envelope.js";
import { DEFAULT_LIMITS, type Limits } from "./limits.js";
import { type ActionResult, actionResultSchema, RESULT_KIND_FOR } from "./protocol.js";
import type { RunStore } from "./run-store.js";
import { step } from "./runner.js";
import { initialState, type NewRunInput, type RunState } from "./state.js";

export type StateFormat = "summary" | "full" | "grounding" | "validation" | "action";

export interface ServiceDeps {
  store: RunStore;
  clock: Clock;
  ids: IdGenerator;
  namespace: string;
  limits?: Partial<Limits>;
  /** Where strategy executions and quality scores go; without it the loop runs on the catalogue alone. */
  evidence?: EvidenceStore;
}

export class PipelineService {
  readonly limits: Limits;
  private readonly inFlight = new Set<string>();
  private history: StrategyStat[] | null = null;

  constructor(private readonly deps: ServiceDeps) {
    this.limits = { ...DEFAULT_LIMITS, ...deps.limits };
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
    const state = initialState({ ...input, run_id: this.deps.ids.next("run"), now: env.now });
    const out = step(state, undefined, env);
    this.deps.store.put(out.state, nowMs);
    this.recordEvidence(state, out.state);
    return boundEnvelope(envelopeOf(out.state, out.action, out.messages));
  }

  private load(runId: string): RunState {
    const stored = this.deps.store.get(runId);
    if (!stored) {
      throw new UserError(
        `unknown run_id "${runId}"`,
        "The run never existed or was evicted after finishing. Call start_pipeline to begin a new run.",
      );
    }
    return stored.state;
  }

  async submit(runId: string, raw: unknown): Promise<Envelope> {
    if (this.inFlight.has(runId)) {
      throw new UserError(
        `concurrent submission rejected: a submit_action_result call for run ${runId} is still in flight; nothing was applied`,
        "Wait for the in-flight call to return, then submit once.",
      );
    }
    this.inFlight.add(runId);
    try {
      // Stepping is synchronous, so without a pause a second submit sent at the same moment would be
      // queued behind this one and meet a stale token. One timer tick lets the event loop read it now,
      // and it meets the guard instead: the host hears about its bug rather than getting a re-issue.
      await sleep(1);
      const state = this.load(runId);
      if (state.status !== "running") {
        throw new UserError(
          `run ${runId} already ended (${state.status}); the result was not applied`,
          "Stop the loop after `done` or `failed`. Start a new run with start_pipeline.",
        );
      }
      const result = parseResult(raw, state);
      const nowMs = this.deps.clock.now().getTime();
      const out = step(state, result, this.env());
      this.deps.store.put(out.state, nowMs);
      this.recordEvidence(state, out.state);
      this.housekeeping(nowMs);
      return boundEnvelope(envelopeOf(out.state, out.action, out.messages));
    } finally {
      this.inFlight.delete(runId);
    }
  }

  getState(runId: string, format: StateFormat, part = 0): Record<string, unknown> {
    const state = this.load(runId);
    switch (format) {
      case "summary":
        return {
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
        };
      case "full":
        return boundFullState(state);
      case "grounding":
        return boundGrounding(state);
      case "validation":
        return {
          run_id: state.run_id,
          sections: state.sections.map((s) => ({
            type: s.type,
            status: s.status,
            attempts: s.attempt,
            score: s.score,
            violations: s.violations,
          })),
        };
      case "action": {
        const action = state.pending ?? state.final_action;
        if (!action) return { run_id: state.run_id, action: null, part: 0, next_part: null };
        return { run_id: state.run_id, ...boundAction(action, part) };
      }
    }
  }

  counts(): Record<string, number> {
    return this.deps.store.countByStatus();
  }
}

/** Turns what the host sent into a typed result, or a UserError that says what was expected. */
export function parseResult(raw: unknown, state: RunState): ActionResult {
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
  throw new UserError(
    `malformed result, nothing was applied: ${issues}`,
    `The pending action is ${state.pending?.kind ?? "none"}; answer it with a "${expected}" result as the protocol describes.`,
  );
}
