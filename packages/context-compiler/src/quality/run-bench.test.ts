import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startFakeAnthropic } from "../test-support/fake-anthropic.js";
import { EXTERNAL_CASES, EXTERNAL_REPOS } from "./bench-external.js";
import { EXTERNAL_LABELS } from "./bench-external-labels.js";
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

/** One run with the external set, shared: each run builds 28 real databases. */
let withExternal: ReturnType<typeof runBench> | undefined;
const benchWithExternal = () => {
  withExternal ??= runBench({ external: true, full: true, env: {} });
  return withExternal;
};

describe("the bench", () => {
  it("scores the internal corpus and the external set apart, each case in its own real database", async () => {
    const report = await benchWithExternal();
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
    // Against hand labels archon delivers rules the change does not concern (Cursor's alwaysApply) and
    // misses ones no glob reaches: a measure, not a gate.
    expect(summary(report.external as NonNullable<typeof report.external>)).toEqual({
      cases: EXTERNAL_CASES.length,
      passed: 0,
      // biome-ignore lint/suspicious/noApproximativeNumericConstant: a mean precision that happens to look like √½
      precision: 0.707,
      recall: 0.8833,
      by_group: {
        "Auto-one-Family/Automation-One": { cases: 12, passed: 0 },
        "BroadleafCommerce/BroadleafCommerce": { cases: 3, passed: 0 },
      },
    });
    expect(report.full).toEqual({
      ran: false,
      reason: "ANTHROPIC_API_KEY is not set: the LLM-judge A/B needs it, so it was skipped",
    });
  });

  it("shows a rule the change needs and no glob reaches as a miss", async () => {
    const report = await benchWithExternal();
    expect(report.external?.results.find((r) => r.id === "a1-mock-esp")).toEqual({
      id: "a1-mock-esp",
      group: "Auto-one-Family/Automation-One",
      passed: false,
      precision: 0.6,
      recall: 0.75,
      expected: ["frontend", "general", "mqtt", "testing"],
      got: ["backend", "firmware", "frontend", "general", "testing"],
      failure:
        "expected [frontend, general, mqtt, testing], got [backend, firmware, frontend, general, testing]",
    });
  });

  it("runs only the internal corpus without --external, and says --full was not asked for", async () => {
    const report = await runBench({ external: false, full: false, env: { ANTHROPIC_API_KEY: "unused" } });
    expect(report.external).toBeUndefined();
    expect(report.full).toEqual({ ran: false, reason: "not asked for (--full runs the LLM-judge A/B)" });
  });
});

describe("the bench's A/B inputs, against a fake of the Messages API", () => {
  it("gives archon's arm the compile text, the baseline every rule, and the judge the expected rules", async () => {
    const dir = mkdtempSync(join(tmpdir(), "archon-bench-judge-"));
    const fake = await startFakeAnthropic(dir);
    try {
      const report = await runBench({
        external: false,
        full: true,
        env: { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.url },
      });
      expect(report.full.ran && report.full.cases.length).toBe(EXTERNAL_CASES.length);
      const task = EXTERNAL_CASES.find((c) => c.id === "bl-checkout-cart")?.task as string;
      const sent = (await fake.requests())
        .map((r) => r.body.messages[0]?.content ?? "")
        .filter((u) => u.includes(task));
      const between = (u: string, tag: string) =>
        new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(u)?.[1] ?? "";
      const summaries = (text: string) =>
        (EXTERNAL_REPOS.find((r) => r.repo === "BroadleafCommerce/BroadleafCommerce")?.rules ?? [])
          .filter((rule) => text.includes(rule.summary))
          .map((rule) => rule.file);
      const [planA, planB, judge] = sent;
      expect(between(planA as string, "project_rules")).toMatch(
        /^archon cmp_\d+ · knowledge v1 · 1 rule\(s\)/,
      );
      expect(summaries(between(planA as string, "project_rules"))).toEqual(["git-hygiene"]);
      expect(summaries(between(planB as string, "project_rules"))).toEqual([
        "frontend",
        "git-hygiene",
        "service-contract-testing",
        "testing",
      ]);
      expect(summaries(between(judge as string, "reference_rules"))).toEqual(["git-hygiene", "testing"]);
    } finally {
      await fake.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the external set's hand labels", () => {
  it("label every case, with a reason for each rule, naming only rule files of the case's repository", () => {
    const problems = EXTERNAL_CASES.flatMap((c) => {
      const label = EXTERNAL_LABELS[c.id];
      if (!label) return [`${c.id}: no label`];
      const files = new Set(EXTERNAL_REPOS.find((r) => r.repo === c.repo)?.rules.map((r) => r.file));
      return Object.entries({ ...label.needed, ...label.left_out }).flatMap(([rule, why]) => [
        ...(files.has(rule) ? [] : [`${c.id}: ${rule} is not a rule file of ${c.repo}`]),
        ...(why.trim() === "" ? [`${c.id}: ${rule} has no reason`] : []),
      ]);
    });
    expect({ problems, labelled: Object.keys(EXTERNAL_LABELS).sort() }).toEqual({
      problems: [],
      labelled: EXTERNAL_CASES.map((c) => c.id).sort(),
    });
  });
});
