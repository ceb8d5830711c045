import { describe, expect, it } from "vitest";
import { spawnOne } from "./step-kit.js";

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
