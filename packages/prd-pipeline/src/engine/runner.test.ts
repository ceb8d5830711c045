import { describe, expect, it } from "vitest";
import { initialState, type RunState, STEP_NAMES } from "../run-model/state.js";
import { STEP_TABLE } from "../steps/index.js";
import type { StepEnv } from "../steps/step-kit.js";
import { MAX_HOPS, step } from "./runner.js";

const env: StepEnv = { now: "2026-01-01T00:00:00.000Z", namespace: "ns" };

function fresh(overrides: Partial<RunState> = {}): RunState {
  return {
    ...initialState({ run_id: "run_1", now: env.now, feature_description: "Prototype a search index" }),
    ...overrides,
  };
}

describe("the step table", () => {
  it("has a handler for exactly the twenty steps", () => {
    expect(Object.keys(STEP_TABLE).sort()).toEqual([...STEP_NAMES].sort());
  });
});

describe("step is pure", () => {
  it("gives the same state, action and messages for the same input", () => {
    const a = step(fresh(), undefined, env);
    const b = step(fresh(), undefined, env);
    expect(a).toEqual(b);
    expect(a.action).toMatchObject({ kind: "call_cortex_tool", correlation_id: "preflight_memory" });
  });

  it("folds status messages into one response with one substantive action", () => {
    const out = step(fresh({ skip_preflight: true, requested_context: "poc" }), undefined, env);
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
    const started = step(fresh(), undefined, env);
    const out = step(started.state, { kind: "tool_result", correlation_id: "other", success: true }, env);
    expect(out.action).toEqual(started.action);
    expect(out.state).toEqual(started.state);
    expect(out.messages[0]?.level).toBe("warning");
  });

  it("re-issues a write_file whose confirmation has the wrong byte count", () => {
    const state = fresh({
      step: "file_export",
      phase: "write",
      pending: { kind: "write_file", path: "prd-output/run_1/01-prd.md", content: "é" },
    });
    const out = step(state, { kind: "file_written", path: "prd-output/run_1/01-prd.md", bytes: 1 }, env);
    expect(out.action).toEqual(state.pending);
    expect(out.messages[0]?.text).toContain("2 UTF-8 bytes");
  });
});

describe("structural failures", () => {
  it("fails the run with a structural error when a handler throws", () => {
    const state = fresh({ step: "preflight", phase: "nonsense" });
    const out = step(state, undefined, env);
    expect(out.action).toMatchObject({ kind: "failed", step: "preflight" });
    expect(out.state.status).toBe("failed");
    expect(out.state.errors[0]).toMatchObject({ kind: "structural" });
  });

  it("fails the run when handlers hop more than the cap without an action", () => {
    // Unreachable through the real table; a looping table entry is simulated by a step that never acts.
    const original = STEP_TABLE.budget;
    STEP_TABLE.budget = (s) => ({ state: s });
    try {
      const out = step(fresh({ step: "budget" }), undefined, env);
      expect(out.action.kind).toBe("failed");
      expect(out.state.errors[0]?.message).toContain(`${MAX_HOPS + 1} times`);
    } finally {
      STEP_TABLE.budget = original;
    }
  });

  it("answers a finished run with its final action", () => {
    const failed = step(fresh({ step: "preflight", phase: "nonsense" }), undefined, env);
    expect(step(failed.state, undefined, env).action).toEqual(failed.action);
  });
});
