import { describe, expect, it } from "vitest";
import {
  initialState,
  MAX_CLARIFICATIONS,
  MAX_ERRORS,
  runStateSchema,
  withClarification,
  withError,
} from "./state.js";

const base = initialState({ run_id: "run_1", now: "2026-01-01T00:00:00.000Z", feature_description: "x" });

describe("bounded lists in the run state", () => {
  it("keeps the newest 50 errors and counts the ones dropped", () => {
    let state = base;
    for (let i = 0; i < MAX_ERRORS + 7; i++)
      state = withError(state, "upstream_failure", `e${i}`, base.created_at);
    expect(state.errors).toHaveLength(MAX_ERRORS);
    expect(state.errors_dropped).toBe(7);
    expect(state.errors[0]?.message).toBe("e7");
    expect(runStateSchema.safeParse(state).success).toBe(true);
  });

  it("keeps the newest 50 clarifications", () => {
    let state = base;
    for (let i = 1; i <= MAX_CLARIFICATIONS + 3; i++)
      state = withClarification(state, { round: i, question: "q", answer: "a" });
    expect(state.clarifications).toHaveLength(MAX_CLARIFICATIONS);
    expect(state.clarifications_dropped).toBe(3);
  });
});

describe("the state schema", () => {
  it("rejects a state with an unknown step", () => {
    expect(runStateSchema.safeParse({ ...base, step: "teleport" }).success).toBe(false);
  });

  it("accepts a phase its step declares and rejects one it does not, naming the field", () => {
    expect(runStateSchema.safeParse({ ...base, step: "file_export", phase: "write" }).success).toBe(true);
    const wrong = runStateSchema.safeParse({ ...base, step: "preflight", phase: "write" });
    expect(wrong.error?.issues.map((i) => ({ path: i.path, message: i.message }))).toEqual([
      { path: ["phase"], message: "phase is not one of the phases its step declares" },
    ]);
  });
});
