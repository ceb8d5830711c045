// A whole run to the implementation gate, driven by a scripted host: what the judges see and what the report says.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { judgeJson, ScriptedHost } from "../demo/scripted-host.js";
import { PipelineService } from "../engine/run-service.js";
import { RunStore } from "../engine/run-store.js";
import type { Action, SpawnSubagents } from "../run-model/protocol.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

async function runToGate() {
  const root = mkdtempSync(join(tmpdir(), "prd-verification-run-"));
  roots.push(root);
  const store = new RunStore(join(root, "prd.db"));
  const service = new PipelineService({
    store,
    clock: manualClock(),
    ids: sequentialIds(),
    namespace: "ns",
    toolPrefix: "prd_",
  });
  const host = new ScriptedHost({
    projectRoot: root,
    budgetChoice: "Full fleet",
    judgeReply: (claim, _type, invocation) =>
      claim === "FR-002"
        ? JSON.stringify({
            verdict: "FAIL",
            rationale: "The API answers 422.",
            caveats: [],
            contradictions: ["03-api-spec.md: a bad schedule gets 422, not 400"],
            confidence: 0.9,
          })
        : judgeJson("PASS", invocation.endsWith("1") ? 0.5 : 0.7),
  });
  let current = service.start({ feature_description: "Prototype a search index", prd_context: "poc" });
  const judged: SpawnSubagents[] = [];
  const stop = (a: Action) => a.kind === "ask_user" && a.question_id === "implementation_gate";
  while (!stop(current.action) && current.action.kind !== "done" && current.action.kind !== "failed") {
    // A large batch arrives with stubbed prompts; like a real host, answer the full pending action.
    const action = store.get(current.run_id)?.state.pending ?? current.action;
    if (action.kind === "spawn_subagents" && action.purpose === "judge") judged.push(action);
    current = await service.submit(current.run_id, host.respond(action));
  }
  const report = readFileSync(join(root, "prd-output", current.run_id, "10-verification-report.md"), "utf8");
  return { runId: current.run_id, judged, report };
}

describe("judges in a run", () => {
  it("sit two or more on every judged claim and are told exactly which PRD folder they may read", async () => {
    const { runId, judged } = await runToGate();
    const invocations = judged.flatMap((b) => b.invocations);
    const perClaim = new Map<string, number>();
    for (const i of invocations) {
      const id = /^Judge (\S+) /.exec(i.description)?.[1] ?? "?";
      perClaim.set(id, (perClaim.get(id) ?? 0) + 1);
    }
    expect(invocations.length).toBeGreaterThan(0);
    expect([...perClaim].filter(([, n]) => n < 2)).toEqual([]);
    for (const i of invocations) {
      expect(i.prompt).toContain(`the PRD's files in \`prd-output/${runId}/\``);
      expect(i.prompt).toContain('"contradictions"');
    }
  });
});

describe("the verification report", () => {
  it("shows the judges' own confidence beside the consensus share", async () => {
    const { report } = await runToGate();
    const rows = report.split("\n").filter((l) => /^\| FR-001 \|/.test(l));
    expect(rows).toEqual(["| FR-001 | fr_traceability | PASS | 0.60 | 1.00 | 2 |  |"]);
    expect(report).toContain(
      "| Claim | Type | Verdict | Judge confidence | Consensus share | Judges | Note |",
    );
    expect(report).toContain("Every claim that needs a judge was judged.");
    expect(report.split("\n").filter((l) => /^\| FR-002 \|/.test(l))).toEqual([
      "| FR-002 | fr_traceability | FAIL | 0.90 | 1.00 | 2 | contradiction: 03-api-spec.md: a bad schedule gets 422, not 400 |",
    ]);
  });
});
