import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { judgeJson, ScriptedHost, type ScriptedHostOptions } from "../demo/scripted-host.js";
import { PipelineService } from "../engine/run-service.js";
import { RunStore } from "../engine/run-store.js";
import type { Envelope } from "../run-model/envelope.js";
import type { Action } from "../run-model/protocol.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function setup(options: Partial<ScriptedHostOptions> = {}) {
  const root = mkdtempSync(join(tmpdir(), "prd-verify-steps-"));
  roots.push(root);
  const store = new RunStore(join(root, "prd.db"));
  const service = (namespace = "ns") =>
    new PipelineService({ store, clock: manualClock(), ids: sequentialIds(), namespace, toolPrefix: "prd_" });
  return { root, service, host: new ScriptedHost({ projectRoot: root, ...options }) };
}

async function until(
  service: PipelineService,
  host: ScriptedHost,
  e: Envelope,
  stop: (a: Action) => boolean,
) {
  const seen: Action[] = [];
  let current = e;
  while (!stop(current.action) && current.action.kind !== "done" && current.action.kind !== "failed") {
    current = await service.submit(current.run_id, host.respond(current.action));
    seen.push(current.action);
  }
  return { current, seen };
}

const POC = { feature_description: "Prototype a search index", prd_context: "poc" as const };

describe("the judge plan is checked when the replies arrive", () => {
  it("makes every verdict INCONCLUSIVE and records a structural error when the plan no longer matches", async () => {
    const { service, host } = setup();
    const first = service("ns").start(POC);
    const { current } = await until(
      service("ns"),
      host,
      first,
      (a) => a.kind === "spawn_subagents" && a.purpose === "judge",
    );
    // A server restarted with another subagent namespace rebuilds a different plan from the same claims.
    const other = service("other-ns");
    const next = await other.submit(first.run_id, host.respond(current.action));
    expect(next.messages.map((m) => m.text)).toContain("Judge plan mismatch: verdicts discarded.");
    const full = other.getState(first.run_id, "full") as {
      errors: { kind: string; message: string }[];
      verification: { verdicts: { verdict: string; judge: { name: string }; caveats: string[] }[] };
    };
    expect(full.errors.map((e) => e.kind)).toEqual(["structural"]);
    const verdicts = full.verification.verdicts;
    // The rule tier's verdicts are not trusted either: every one, judged or settled by rule, is INCONCLUSIVE.
    expect(
      verdicts.every((v) => v.verdict === "INCONCLUSIVE" && v.caveats[0]?.startsWith("structural")),
    ).toBe(true);
  });
});

describe("the implementation gate", () => {
  it("offers only an explicit override when a claim FAILs, and re-asks on any other answer", async () => {
    const { service, host } = setup({
      judgeReply: (id) => (id.startsWith("FR-") ? judgeJson("FAIL", 0.9) : judgeJson("PASS")),
    });
    const s = service();
    const first = s.start(POC);
    const { current } = await until(
      s,
      host,
      first,
      (a) => a.kind === "ask_user" && a.question_id === "implementation_gate",
    );
    expect(current.action).toMatchObject({
      header: "Verification blocks implementation",
      options: [{ label: "Override: implement anyway" }, { label: "PRD only" }],
    });
    const again = await s.submit(first.run_id, {
      kind: "user_answer",
      question_id: "implementation_gate",
      selected: ["Implement"],
    });
    expect(again.action).toEqual(current.action);
    expect(again.messages[0]?.level).toBe("warning");
    const override = await s.submit(first.run_id, {
      kind: "user_answer",
      question_id: "implementation_gate",
      selected: ["Override: implement anyway"],
    });
    expect(override.action).toMatchObject({ kind: "spawn_subagents", batch_id: "implementation_a1" });
  });
});

describe("the review loop", () => {
  it("loops back three times at most, then treats the FAIL as advisory", async () => {
    const { service, host } = setup({ gate: "Implement", pr: "Do not push", reviewVerdict: () => "FAIL" });
    const s = service();
    const { current, seen } = await until(s, host, s.start(POC), () => false);
    expect(current.action.kind).toBe("done");
    const reviews = seen.flatMap((a) =>
      a.kind === "spawn_subagents" && a.batch_id.startsWith("review_") ? [a.batch_id] : [],
    );
    expect(reviews).toEqual(["review_a1", "review_a2", "review_a3", "review_a4"]);
    expect(seen.some((a) => a.kind === "spawn_subagents" && a.batch_id === "pr_creation")).toBe(false);
    if (current.action.kind === "done")
      expect(current.action.summary).toContain("review FAIL after 3 loop(s)");
  });
});
