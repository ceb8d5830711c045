import { InternalError } from "@archon/core";
import { describe, expect, it } from "vitest";
import { initialState, type RunStateAt } from "../run-model/state.js";
import type { StepName } from "../run-model/step-phases.js";
import { STEP_TABLE } from "./index.js";
import { type StepHandler, spawnOne } from "./step-kit.js";

const env = { now: "2026-01-01T00:00:00.000Z", namespace: "ns" };

describe("spawning a single subagent", () => {
  it("names the one invocation after its batch and role, in the run's namespace, without isolation", () => {
    const action = spawnOne(
      { purpose: "review", batch_id: "review_a1", role: "code-reviewer", description: "Review", prompt: "p" },
      env,
    );
    expect(action).toEqual({
      kind: "spawn_subagents",
      purpose: "review",
      batch_id: "review_a1",
      invocations: [
        {
          invocation_id: "review_a1_code_reviewer",
          subagent_type: "ns:code-reviewer",
          description: "Review",
          prompt: "p",
          isolation: "none",
        },
      ],
    });
  });

  it("keeps an invocation id and isolation it is given", () => {
    const action = spawnOne(
      {
        purpose: "draft",
        batch_id: "b",
        invocation_id: "b_0001",
        role: "engineer",
        description: "d",
        prompt: "p",
        isolation: "worktree",
      },
      env,
    );
    expect(action.invocations.map((i) => [i.invocation_id, i.isolation])).toEqual([["b_0001", "worktree"]]);
  });
});

describe("a step entered at a phase it has no transition from", () => {
  it("throws an InternalError naming the step and the phase, a bug and not the caller's to fix", () => {
    const start = initialState({ run_id: "r1", now: env.now, feature_description: "Add login" });
    const thrown = Object.entries(STEP_TABLE).map(([step, handler]) => {
      // Past the phase types on purpose: no well-typed state is at an undeclared phase.
      const enter = handler as StepHandler<StepName>;
      try {
        enter({ ...start, step, phase: "nowhere" } as unknown as RunStateAt<StepName>, undefined, env);
        return [step, "no error"];
      } catch (error) {
        return [step, error instanceof InternalError ? "InternalError" : "Error", (error as Error).message];
      }
    });
    // Banner and budget never read their phase: they do the same on any entry.
    const phaseless = ["banner", "budget"];
    expect(thrown).toEqual(
      Object.keys(STEP_TABLE).map((step) =>
        phaseless.includes(step)
          ? [step, "no error"]
          : [step, "InternalError", `${step} has no transition from phase "nowhere"`],
      ),
    );
  });
});
