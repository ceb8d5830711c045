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
  it("counts the features a text joins by commas and conjunctions as its epic signals", () => {
    expect(epicSignals("Add login, export and billing")).toBe(3);
    expect(epicSignals("Recurring invoices with a monthly schedule and email reminders")).toBe(2);
    expect(epicSignals("Show totals per customer and per month")).toBe(0);
    expect(epicSignals("Add login to the app")).toBe(0);
  });

  it("offers to split two bundled capabilities, or to keep them as one PRD", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const feature = "Recurring invoices with a monthly schedule and email reminders";
    const first = service.start({ feature_description: feature, prd_context: "feature" });
    const asked = await until(service, host, first, (e) => e.action.kind === "ask_user");
    expect(asked.action).toEqual({
      kind: "ask_user",
      question_id: "feasibility_focus",
      header: "This looks like several features: which one first?",
      description:
        "One PRD per feature keeps it reviewable. Pick the focus (or type your own); the PRD is written for it, with the whole request kept as context.",
      options: [
        { label: "Recurring invoices with a monthly schedule", description: "Write the PRD for this part" },
        { label: "email reminders", description: "Write the PRD for this part" },
        { label: "Keep it as one PRD", description: "Write one PRD for the whole request" },
      ],
      multi_select: false,
    });
    const kept = await service.submit(first.run_id, {
      kind: "user_answer",
      question_id: "feasibility_focus",
      selected: ["Keep it as one PRD"],
    });
    expect(kept.messages[0]?.text).toBe(`Focus set: ${feature}`);
    expect(
      (service.getState(first.run_id, "summary") as { feature_description: string }).feature_description,
    ).toBe(feature);
  });

  it("refuses an option and a different typed focus together, and says why", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const first = service.start({
      feature_description: "Add login, CSV export and billing",
      prd_context: "poc",
    });
    const asked = await until(service, host, first, (e) => e.action.kind === "ask_user");
    const refused = await service.submit(first.run_id, {
      kind: "user_answer",
      question_id: "feasibility_focus",
      selected: ["Add login"],
      freeform: "Only the CSV export",
    });
    expect(refused.messages).toEqual([
      {
        level: "warning",
        text: 'Both an option ("Add login") and a typed focus ("Only the CSV export") were given, and one PRD has one focus: pick an option, or type your own focus alone.',
      },
    ]);
    expect(refused.action).toEqual(asked.action);
  });

  it("refuses an option and different typed text at every other question too, instead of dropping the text", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const first = service.start({ feature_description: "Tidy up the settings page" });
    const asked = await until(service, host, first, (e) => e.action.kind === "ask_user");
    expect(asked.action).toMatchObject({ question_id: "prd_context" });
    const refused = await service.submit(first.run_id, {
      kind: "user_answer",
      question_id: "prd_context",
      selected: ["feature"],
      freeform: "a proof of concept first",
    });
    expect(refused.messages).toEqual([
      {
        level: "warning",
        text: 'Both an option ("feature") and typed text ("a proof of concept first") were given; this question takes one answer, so nothing was decided. Pick an option alone, or type your answer alone.',
      },
    ]);
    expect(refused.action).toEqual(asked.action);
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
      options: [
        { label: "Add login" },
        { label: "CSV export" },
        { label: "billing" },
        { label: "Keep it as one PRD" },
      ],
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

describe("clarification answers as sources", () => {
  it("keeps a picked option with the text typed beside it, and exports every answer with who gave it", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const first = service.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    const asked = await until(
      service,
      host,
      first,
      (e) => e.action.kind === "ask_user" && e.action.question_id === "clarification_round_1",
    );
    const next = await service.submit(first.run_id, {
      kind: "user_answer",
      question_id: "clarification_round_1",
      selected: ["Existing members"],
      freeform: "the two pilot admins as well",
    });
    const prompts: string[] = [];
    let current = next;
    while (current.action.kind !== "done" && current.action.kind !== "failed") {
      if (current.action.kind === "spawn_subagents")
        prompts.push(current.action.invocations[0]?.prompt ?? "");
      current = await service.submit(current.run_id, host.respond(current.action));
    }
    expect(asked.action.kind).toBe("ask_user");
    const requirements = prompts.find((p) => p.includes("Section type: requirements")) ?? "";
    expect(requirements).toContain(
      "<clarifications>\nCLR-01 (answered by the user, option and typed)\nQ: Question 1: which users need this first?\n" +
        "A: Existing members; the user added: the two pilot admins as well",
    );
    expect(requirements).toContain("- A Source is something a reader can follow: a clarification id (CLR-01");
    const record = readFileSync(join(root, "prd-output", first.run_id, "11-clarifications.md"), "utf8");
    expect(record.split("\n").slice(4, 10)).toEqual([
      "| ID | Question | Answer | Answered by |",
      "|---|---|---|---|",
      "| CLR-01 | Question 1: which users need this first? | Existing members; the user added: the two pilot admins as well | user (option and typed) |",
      "| CLR-02 | Question 2: which users need this first? | Existing members | user (option) |",
      "| CLR-03 | Question 3: which users need this first? | Existing members | user (option) |",
      "| CLR-04 | Question 4: which users need this first? | Existing members | user (option) |",
    ]);
  });
});

describe("each section's own rules", () => {
  it("tells the overview nothing of requirement tables, and the requirements what a Source is", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const first = service.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    const prompts: string[] = [];
    let current = first;
    while (current.action.kind !== "done" && current.action.kind !== "failed") {
      if (current.action.kind === "spawn_subagents")
        prompts.push(current.action.invocations[0]?.prompt ?? "");
      current = await service.submit(current.run_id, host.respond(current.action));
    }
    const overview = prompts.find((p) => p.includes("Section type: overview")) ?? "";
    const requirements = prompts.find((p) => p.includes("Section type: requirements")) ?? "";
    expect(overview).not.toContain("ID | Requirement | Priority");
    expect(overview).not.toContain("ports and adapters");
    expect(overview).not.toContain("NFR");
    expect(requirements).toContain("`ID | Requirement | Priority | Depends On | Source`");
    expect(requirements).toContain("Every NFR names its measurement method.");
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
