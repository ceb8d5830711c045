import { describe, expect, it } from "vitest";
import { EXTERNAL_CASES } from "./bench-external.js";
import { INTERNAL_CASES } from "./bench-internal.js";
import { runBench } from "./run-bench.js";

const summary = (set: {
  cases: number;
  passed: number;
  precision: number;
  recall: number;
  by_group: unknown;
}) => ({
  cases: set.cases,
  passed: set.passed,
  precision: set.precision,
  recall: set.recall,
  by_group: set.by_group,
});

describe("the bench", () => {
  it("scores the internal corpus and the external set apart, each case in its own real database", async () => {
    const report = await runBench({ external: true, full: true, env: {} });
    expect(summary(report.internal)).toEqual({
      cases: INTERNAL_CASES.length,
      passed: INTERNAL_CASES.length,
      precision: 1,
      recall: 1,
      by_group: {
        retrieval: { cases: 7, passed: 7 },
        dag_closure: { cases: 2, passed: 2 },
        budget: { cases: 3, passed: 3 },
        resources: { cases: 1, passed: 1 },
      },
    });
    expect(summary(report.external as NonNullable<typeof report.external>)).toEqual({
      cases: EXTERNAL_CASES.length,
      passed: EXTERNAL_CASES.length,
      precision: 1,
      recall: 1,
      by_group: {
        "Auto-one-Family/Automation-One": { cases: 12, passed: 12 },
        "BroadleafCommerce/BroadleafCommerce": { cases: 3, passed: 3 },
      },
    });
    expect(report.full).toEqual({
      ran: false,
      reason: "ANTHROPIC_API_KEY is not set: the LLM-judge A/B needs it, so it was skipped",
    });
  });

  it("runs only the internal corpus without --external, and says --full was not asked for", async () => {
    const report = await runBench({ external: false, full: false, env: { ANTHROPIC_API_KEY: "unused" } });
    expect(report.external).toBeUndefined();
    expect(report.full).toEqual({ ran: false, reason: "not asked for (--full runs the LLM-judge A/B)" });
  });
});
