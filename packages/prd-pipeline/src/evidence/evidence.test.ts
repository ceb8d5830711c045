import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { ScriptedHost } from "../demo/scripted-host.js";
import { PipelineService } from "../engine/run-service.js";
import { RunStore } from "../engine/run-store.js";
import { EvidenceStore, type ExecutionRow } from "./evidence-store.js";
import { adjustment, assignStrategies, MAX_ADJUSTMENT, rankStrategies } from "./select-strategy.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function temp(): string {
  const root = mkdtempSync(join(tmpdir(), "prd-evidence-"));
  roots.push(root);
  return root;
}

function rows(strategy: string, n: number, compliant: boolean, run = "run_x"): ExecutionRow[] {
  return Array.from({ length: n }, () => ({
    run_id: run,
    strategy,
    section: "security_considerations",
    characteristics: ["adversarial"],
    compliant,
    confidence_gain: compliant ? 0.4 : -0.4,
    recorded_at: "2026-01-01T00:00:00.000Z",
  }));
}

describe("strategy selection reads the evidence", () => {
  it("picks by fit within the context's tier when there is no history", () => {
    expect(assignStrategies("release", ["risks"], [])[0]?.strategy).toBe("pre-mortem");
    expect(assignStrategies("poc", ["risks"], [])[0]?.strategy).not.toBe("pre-mortem");
  });

  it("moves a close choice only after ten executions, and never by more than the bound", () => {
    const evidence = new EvidenceStore(join(temp(), "e.db"));
    const pick = () =>
      assignStrategies("release", ["security_considerations"], evidence.stats())[0]?.strategy;
    expect(pick()).toBe("pre-mortem");
    evidence.recordExecutions(rows("pre-mortem", 9, false));
    expect(pick()).toBe("pre-mortem");
    evidence.recordExecutions(rows("pre-mortem", 1, false));
    const stats = evidence.stats();
    expect(stats).toEqual([
      {
        strategy: "pre-mortem",
        characteristic: "adversarial",
        executions: 10,
        compliant: 0,
        mean_gain: -0.4,
      },
    ]);
    expect(adjustment(stats[0])).toBe(-MAX_ADJUSTMENT);
    expect(pick()).toBe("adversarial-review");
    const ranked = rankStrategies("release", ["adversarial"], stats);
    expect(ranked.every((r) => Math.abs(r.adjustment) <= MAX_ADJUSTMENT)).toBe(true);
    evidence.close();
  });

  it("prunes the executions of evicted runs", () => {
    const evidence = new EvidenceStore(join(temp(), "e.db"));
    evidence.recordExecutions([
      ...rows("pre-mortem", 3, true, "run_a"),
      ...rows("pre-mortem", 2, true, "run_b"),
    ]);
    expect(evidence.pruneRuns(["run_a"])).toBe(3);
    expect(evidence.stats()[0]?.executions).toBe(2);
    evidence.close();
  });
});

describe("the run service records evidence", () => {
  it("records each section's strategy execution and the quality of a finished run, and prunes evicted runs", async () => {
    const root = temp();
    const evidence = new EvidenceStore(join(root, "evidence.db"));
    const service = new PipelineService({
      store: new RunStore(join(root, "prd.db")),
      clock: manualClock(),
      ids: sequentialIds(),
      namespace: "ns",
      evidence,
      limits: { maxFinishedRuns: 1 },
      toolPrefix: "prd_",
    });
    const host = new ScriptedHost({ projectRoot: root });
    const caller = {
      start: async (a: Record<string, unknown>) => service.start(a as never),
      submit: service.submit.bind(service),
    };
    const first = service.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    expect((await host.drive(caller, first)).last.action.kind).toBe("done");
    const quality = evidence.quality(10);
    expect(quality).toHaveLength(1);
    expect(quality[0]).toMatchObject({
      run_id: first.run_id,
      prd_context: "poc",
      sections_total: 5,
      sections_passed: 5,
    });
    expect(quality[0]?.claims_evaluated).toBeGreaterThan(0);
    const perRun = evidence.stats().reduce((n, s) => n + s.executions, 0);
    expect(perRun).toBeGreaterThanOrEqual(5);
    // One finished run is kept: finishing a second evicts the first, and its strategy evidence with it.
    const second = service.start({ feature_description: "Another prototype", prd_context: "poc" });
    expect((await host.drive(caller, second)).last.action.kind).toBe("done");
    expect(evidence.stats().reduce((n, s) => n + s.executions, 0)).toBe(perRun);
    expect(evidence.quality(10)).toHaveLength(2);
    evidence.close();
  });
});
