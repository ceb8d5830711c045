import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { FAILING_REQUIREMENTS } from "../demo/canned-drafts.js";
import { ScriptedHost } from "../demo/scripted-host.js";
import { PipelineService } from "../engine/run-service.js";
import { RunStore } from "../engine/run-store.js";
import type { Envelope } from "../run-model/envelope.js";
import { epicSignals } from "./feasibility-gate.step.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function setup() {
  const root = mkdtempSync(join(tmpdir(), "prd-steps-"));
  roots.push(root);
  const service = new PipelineService({
    store: new RunStore(join(root, "prd.db")),
    clock: manualClock(),
    ids: sequentialIds(),
    namespace: "ns",
    toolPrefix: "prd_",
  });
  return { root, service };
}

/** Submits scripted results until an action of `kind` (or the end) appears. */
async function until(
  service: PipelineService,
  host: ScriptedHost,
  envelope: Envelope,
  match: (e: Envelope) => boolean,
) {
  let current = envelope;
  while (!match(current) && current.action.kind !== "done" && current.action.kind !== "failed") {
    current = await service.submit(current.run_id, host.respond(current.action));
  }
  return current;
}

describe("feasibility gate", () => {
  it("counts joining words and commas as epic signals", () => {
    expect(epicSignals("Add login, export and billing")).toBe(2);
    expect(epicSignals("Add login to the app")).toBe(0);
  });

  it("asks for one focus and uses the answer as the feature text", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const first = service.start({
      feature_description: "Add login, CSV export and billing",
      prd_context: "poc",
    });
    const asked = await until(service, host, first, (e) => e.action.kind === "ask_user");
    expect(asked.action).toMatchObject({
      question_id: "feasibility_focus",
      options: [{ label: "Add login" }, { label: "CSV export" }, { label: "billing" }],
    });
    const next = await service.submit(first.run_id, host.respond(asked.action));
    expect(next.messages[0]?.text).toBe("Focus set: Add login");
  });
});

describe("clarification rounds", () => {
  it("asks proceed-or-continue between min and max and stops at max", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root, proceedAfter: 99 });
    const first = service.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    const done = await until(service, host, first, () => false);
    expect(done.action.kind).toBe("done");
    // poc runs 4-5 rounds: "Continue" at round 4, then round 5 is the maximum.
    expect(done.state_summary.clarification_rounds).toBe(5);
  });

  it("composes again when the question reply holds no JSON", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const first = service.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    const compose = await until(service, host, first, (e) => e.action.kind === "spawn_subagents");
    if (compose.action.kind !== "spawn_subagents") throw new Error("expected a compose batch");
    const reply = await service.submit(first.run_id, {
      kind: "subagent_batch_result",
      batch_id: compose.action.batch_id,
      responses: [
        { invocation_id: compose.action.invocations[0]?.invocation_id ?? "", raw_text: "Sure! {not json" },
      ],
    });
    expect(reply.action).toMatchObject({ kind: "spawn_subagents", batch_id: "clarification_compose_1" });
    expect(reply.messages[0]?.level).toBe("warning");
  });
});

describe("a section that never passes", () => {
  it("fails after three attempts, records section_failure, and says so in the run notes", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({
      projectRoot: root,
      draftOverride: (type) => (type === "requirements" ? FAILING_REQUIREMENTS : undefined),
    });
    const first = service.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    const prompts: string[] = [];
    let current = first;
    while (current.action.kind !== "done" && current.action.kind !== "failed") {
      if (current.action.kind === "spawn_subagents")
        prompts.push(current.action.invocations[0]?.prompt ?? "");
      current = await service.submit(current.run_id, host.respond(current.action));
    }
    const retry = prompts.find((p) => p.includes("Section type: requirements") && p.includes("Attempt: 3"));
    expect(retry).toContain("fr_unique_ids");
    expect(retry).toContain("<corrective_context>");
    expect(retry).toContain("<codebase_context>");
    expect(current.state_summary.sections.find((s) => s.type === "requirements")).toMatchObject({
      status: "failed",
      attempts: 3,
    });
    const full = service.getState(first.run_id, "full") as { errors: { kind: string }[] };
    expect(full.errors.map((e) => e.kind)).toEqual(["section_failure"]);
    const notes = readFileSync(join(root, "prd-output", first.run_id, "00-run-notes.md"), "utf8");
    expect(notes).toContain("the Requirements section is left out; it failed validation");
  });
});
