import { describe, expect, it } from "vitest";
import { initialState, type RunState } from "../run-model/state.js";
import { STEP_NAMES } from "../run-model/step-phases.js";
import { STEP_TABLE } from "../steps/index.js";
import type { StepEnv, StepTable } from "../steps/step-kit.js";
import { MAX_HOPS, step } from "./runner.js";

const env: StepEnv = { now: "2026-01-01T00:00:00.000Z", namespace: "ns" };

/** A new run, changed by `change`: a step and its phase are set together, as the run state types them. */
function fresh(change: (state: RunState) => RunState = (s) => s): RunState {
  return change(
    initialState({ run_id: "run_1", now: env.now, feature_description: "Prototype a search index" }),
  );
}

describe("the step table", () => {
  it("has a handler for exactly the twenty steps", () => {
    expect(Object.keys(STEP_TABLE).sort()).toEqual([...STEP_NAMES].sort());
  });

  it("is total by type, and pairs each step with its own phases", () => {
    const { banner } = STEP_TABLE;
    // @ts-expect-error a table without all twenty steps does not compile
    const partial: StepTable = { banner };
    // @ts-expect-error preflight has no "write" phase
    const misplaced: RunState = { ...fresh(), step: "preflight", phase: "write" };
    expect([Object.keys(partial), misplaced.phase]).toEqual([["banner"], "write"]);
  });
});

describe("step is pure", () => {
  it("gives the same state, action and messages for the same input", () => {
    const a = step(STEP_TABLE, fresh(), undefined, env);
    const b = step(STEP_TABLE, fresh(), undefined, env);
    expect(a).toEqual(b);
    expect(a.action).toMatchObject({ kind: "call_cortex_tool", correlation_id: "preflight_memory" });
  });

  it("folds status messages into one response with one substantive action", () => {
    const state = fresh((s) => ({ ...s, skip_preflight: true, requested_context: "poc" }));
    const out = step(STEP_TABLE, state, undefined, env);
    expect(out.messages.map((m) => m.text.split("\n")[0])).toEqual([
      "Archon PRD pipeline, run run_1",
      "Preflight skipped on request.",
      "PRD context given: Proof of concept",
    ]);
    expect(out.action).toMatchObject({ kind: "call_cortex_tool", correlation_id: "input_analysis_recall" });
  });
});

describe("routing tokens", () => {
  it("re-issues the pending action with a warning and changes nothing when the token differs", () => {
    const started = step(STEP_TABLE, fresh(), undefined, env);
    const other = { kind: "tool_result", correlation_id: "other", success: true } as const;
    const out = step(STEP_TABLE, started.state, other, env);
    expect(out.action).toEqual(started.action);
    expect(out.state).toEqual(started.state);
    expect(out.messages[0]?.level).toBe("warning");
  });

  it("re-issues a write_file whose confirmation has the wrong byte count", () => {
    const state = fresh((s) => ({
      ...s,
      step: "file_export",
      phase: "write",
      pending: { kind: "write_file", path: "prd-output/run_1/01-prd.md", content: "é" },
    }));
    const confirmed = { kind: "file_written", path: "prd-output/run_1/01-prd.md", bytes: 1 } as const;
    const out = step(STEP_TABLE, state, confirmed, env);
    expect(out.action).toEqual(state.pending);
    expect(out.messages[0]?.text).toContain("2 UTF-8 bytes");
  });
});

describe("structural failures", () => {
  // Preflight waits on the memory probe in this phase; entered without its result it has no transition.
  const stuck = () => fresh((s) => ({ ...s, step: "preflight", phase: "memory" }));

  it("fails the run with a structural error when a handler throws", () => {
    const out = step(STEP_TABLE, stuck(), undefined, env);
    expect(out.action).toMatchObject({ kind: "failed", step: "preflight" });
    expect(out.state.status).toBe("failed");
    expect(out.state.errors[0]).toMatchObject({ kind: "structural" });
  });

  it("fails the run when handlers hop more than the cap without an action", () => {
    // Unreachable through the real table; a table whose budget step never acts stands in for a looping one.
    const looping: StepTable = { ...STEP_TABLE, budget: (s) => ({ state: s }) };
    const out = step(
      looping,
      fresh((s) => ({ ...s, step: "budget", phase: "start" })),
      undefined,
      env,
    );
    expect(out.action.kind).toBe("failed");
    expect(out.state.errors[0]?.message).toContain(`${MAX_HOPS + 1} times`);
  });

  it("answers a finished run with its final action", () => {
    const failed = step(STEP_TABLE, stuck(), undefined, env);
    expect(step(STEP_TABLE, failed.state, undefined, env).action).toEqual(failed.action);
  });
});
