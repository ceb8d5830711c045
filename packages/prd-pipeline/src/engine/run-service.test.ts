import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { FAILING_REQUIREMENTS } from "../demo/canned-drafts.js";
import { type PipelineCaller, ScriptedHost } from "../demo/scripted-host.js";
import {
  DEFAULT_LIMITS,
  MAX_ANSWER_CHARS,
  MAX_PATH_CHARS,
  MAX_REPLY_CHARS,
  MAX_RESULT_CHARS,
  MAX_TOOL_DATA_CHARS,
} from "../run-model/limits.js";
import { PipelineService } from "./run-service.js";
import { RunStore } from "./run-store.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function setup(limits = {}) {
  const root = mkdtempSync(join(tmpdir(), "prd-svc-"));
  roots.push(root);
  const store = new RunStore(join(root, ".archon", "prd.db"));
  const clock = manualClock();
  const service = new PipelineService({
    store,
    clock,
    ids: sequentialIds(),
    namespace: "ns",
    limits,
    toolPrefix: "prd_",
  });
  const caller: PipelineCaller = {
    start: async (args) => service.start(args as never),
    submit: (runId, result) => service.submit(runId, result),
  };
  return { root, store, clock, service, caller };
}

describe("a whole run in process", () => {
  it("drives a feature run to done and writes every file the plan names", async () => {
    const { root, caller } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const first = await caller.start({ feature_description: "Sign in with the company identity provider" });
    const { last, roundTrips } = await host.drive(caller, first);
    expect(last.action.kind).toBe("done");
    expect(roundTrips).toBeLessThan(100);
    const dir = join(root, "prd-output", first.run_id);
    for (const name of [
      "00-run-notes.md",
      "01-prd.md",
      "02-data-model.md",
      "03-api-spec.md",
      "04-security.md",
      "05-testing.md",
      "06-deployment.md",
      "07-jira-tickets.md",
      "11-clarifications.md",
      "affected-symbols.json",
    ]) {
      expect(existsSync(join(dir, name)), name).toBe(true);
    }
    expect(readFileSync(join(dir, "00-run-notes.md"), "utf8")).toContain(
      "08-source-code.md` was not written: written by the implementation step",
    );
    expect(last.state_summary.sections.every((s) => s.status === "passed")).toBe(true);
  });

  it("retries a failing section with its violations and passes on the second attempt", async () => {
    const { root, caller, service } = setup();
    const host = new ScriptedHost({
      projectRoot: root,
      draftOverride: (type, attempt) =>
        type === "requirements" && attempt === 1 ? FAILING_REQUIREMENTS : undefined,
    });
    const first = await caller.start({ feature_description: "Fix the login crash", prd_context: "bug" });
    const { last } = await host.drive(caller, first);
    expect(last.action.kind).toBe("done");
    const req = last.state_summary.sections.find((s) => s.type === "requirements");
    expect(req).toMatchObject({ status: "passed", attempts: 2 });
    const state = service.getState(first.run_id, "validation");
    expect(JSON.stringify(state)).toContain("requirements");
  });
});

describe("run limits", () => {
  it("refuses a ninth run in progress with a retryable capacity error", () => {
    const { service } = setup();
    for (let i = 0; i < 8; i++) service.start({ feature_description: `Prototype number ${i}` });
    expect(() => service.start({ feature_description: "One too many" })).toThrow(/run_capacity_exceeded/);
  });

  it("frees the slot of a run idle for 30 minutes without losing the run", () => {
    const { service, clock } = setup({ maxActiveRuns: 1 });
    const first = service.start({ feature_description: "Prototype a search index" });
    clock.advance(30 * 60 * 1000 + 1);
    expect(() => service.start({ feature_description: "Another prototype" })).not.toThrow();
    expect(service.getState(first.run_id, "summary")).toMatchObject({ status: "running" });
  });

  it("evicts finished runs after 30 minutes, then answers unknown run_id", async () => {
    const { root, caller, service, clock } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const first = await caller.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    await host.drive(caller, first);
    clock.advance(31 * 60 * 1000);
    service.start({ feature_description: "Prototype something else" });
    expect(() => service.getState(first.run_id, "summary")).toThrow(/unknown run_id/);
  });

  it("keeps at most the configured number of finished runs, least recently used first out", async () => {
    const { root, caller, service, clock } = setup({ maxFinishedRuns: 1 });
    const host = new ScriptedHost({ projectRoot: root });
    const a = await caller.start({ feature_description: "Prototype a", prd_context: "poc" });
    await host.drive(caller, a);
    clock.advance(1000);
    const b = await caller.start({ feature_description: "Prototype b", prd_context: "poc" });
    await host.drive(caller, b);
    expect(() => service.getState(a.run_id, "summary")).toThrow(/unknown run_id/);
    expect(service.getState(b.run_id, "summary")).toMatchObject({ status: "done" });
  });
});

async function untilSpawn(service: PipelineService, host: ScriptedHost, feature: string) {
  let envelope = service.start({ feature_description: feature, prd_context: "poc" });
  while (envelope.action.kind !== "spawn_subagents") {
    envelope = await service.submit(envelope.run_id, host.respond(envelope.action));
  }
  return { envelope, pending: envelope.action };
}

describe("two answers to one action", () => {
  it("applies the first of two answers sent at once and refuses the second as already answered", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const first = service.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    const result = host.respond(first.action);
    const settled = await Promise.allSettled([
      service.submit(first.run_id, result),
      service.submit(first.run_id, result),
    ]);
    expect(settled[0]?.status).toBe("fulfilled");
    expect(settled[1]).toMatchObject({
      status: "rejected",
      reason: {
        message: `submission rejected: the action this result answers (tool_result:preflight_memory) of run ${first.run_id} was already answered; nothing was applied`,
        hint: expect.stringContaining('get_pipeline_state(run_id, format: "action")'),
      },
    });
    expect(service.getState(first.run_id, "summary")).toMatchObject({
      pending_action: "call_cortex_tool",
      current_step: "input_analysis",
    });
  });

  it("refuses an answer while another process holds the run's lease, and takes it once that lease lapses", async () => {
    const { root, service, clock } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const first = service.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    // Another server on the same database took the lease and died before answering.
    const other = new RunStore(join(root, ".archon", "prd.db"));
    const now = clock.now().getTime();
    expect(other.lease(first.run_id, "crashed", now, DEFAULT_LIMITS.leaseMs)).toMatchObject({
      kind: "leased",
    });
    other.close();
    const result = host.respond(first.action);
    await expect(service.submit(first.run_id, result)).rejects.toMatchObject({
      message: `submission rejected: the pending action of run ${first.run_id} is being answered by another call; nothing was applied`,
    });
    clock.advance(DEFAULT_LIMITS.leaseMs - 1);
    await expect(service.submit(first.run_id, result)).rejects.toThrow(/being answered/);
    clock.advance(1);
    const next = await service.submit(first.run_id, result);
    expect(next.action).not.toEqual(first.action);
    expect(next.messages.some((m) => m.level === "warning")).toBe(false);
  });

  it("refuses a late answer to an action already answered, and re-issues one that names no recent action", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const first = service.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    const answered = await service.submit(first.run_id, host.respond(first.action));
    await expect(service.submit(first.run_id, host.respond(first.action))).rejects.toThrow(
      /tool_result:preflight_memory\) of run run_0001 was already answered/,
    );
    const stray = await service.submit(first.run_id, {
      kind: "tool_result",
      correlation_id: "never_issued",
      success: true,
    });
    expect(stray.action).toEqual(answered.action);
    expect(stray.messages[0]?.text).toContain("never_issued");
    expect(service.getState(first.run_id, "action")).toMatchObject({ action: answered.action });
  });
});

describe("the run store's compare-and-set", () => {
  it("refuses a commit from a read that another answer has overtaken, and keeps the winner's state", () => {
    const { root, service, clock } = setup();
    const run = service.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    const a = new RunStore(join(root, ".archon", "prd.db"));
    const b = new RunStore(join(root, ".archon", "prd.db"));
    const now = clock.now().getTime();
    const leasedA = a.lease(run.run_id, "a", now, 10);
    // a stalls past its lease; b takes the run, answers, and commits first.
    const leasedB = b.lease(run.run_id, "b", now + 10, 10);
    if (leasedA.kind !== "leased" || leasedB.kind !== "leased") throw new Error("both leases were expected");
    const winner = { ...leasedB.run.state, feature_description: "won by b" };
    expect(
      b.commit(winner, { owner: "b", version: leasedB.run.version, answeredToken: "t", nowMs: now }),
    ).toBe(true);
    const loser = { ...leasedA.run.state, feature_description: "lost by a" };
    expect(
      a.commit(loser, { owner: "a", version: leasedA.run.version, answeredToken: "t", nowMs: now }),
    ).toBe(false);
    expect(a.get(run.run_id)).toMatchObject({
      state: { feature_description: "won by b" },
      version: leasedB.run.version + 1,
      answeredToken: "t",
    });
    a.close();
    b.close();
  });
});

describe("batches that must not be applied", () => {
  it("re-issues a batch that came back with no responses, and changes nothing", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const { envelope, pending } = await untilSpawn(service, host, "Prototype a search index");
    const before = service.getState(envelope.run_id, "full");
    const refused = await service.submit(envelope.run_id, {
      kind: "subagent_batch_result",
      batch_id: pending.batch_id,
      responses: [],
    });
    expect(refused.action).toEqual(pending);
    expect(refused.messages).toEqual([
      {
        level: "warning",
        text: `Result not applied: batch "${pending.batch_id}" came back with no responses; send one per invocation (${pending.invocations.length}). The pending action is issued again.`,
      },
    ]);
    expect(service.getState(envelope.run_id, "full")).toEqual(before);
    const answered = await service.submit(envelope.run_id, host.respond(pending));
    expect(answered.action).not.toEqual(pending);
  });

  it("re-issues a batch that answers one invocation twice, and changes nothing", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const { envelope, pending } = await untilSpawn(service, host, "Prototype a search index");
    const before = service.getState(envelope.run_id, "full");
    const honest = host.respond(pending);
    if (honest.kind !== "subagent_batch_result") throw new Error("a batch result was expected");
    const [reply] = honest.responses;
    if (!reply) throw new Error("one response was expected");
    const refused = await service.submit(envelope.run_id, {
      ...honest,
      responses: [reply, { ...reply, raw_text: "a second, different reply" }],
    });
    expect(refused.action).toEqual(pending);
    expect(refused.messages).toEqual([
      {
        level: "warning",
        text: `Result not applied: invocation_id "${reply.invocation_id}" is answered more than once in batch "${pending.batch_id}"; send one response per invocation. The pending action is issued again.`,
      },
    ]);
    expect(service.getState(envelope.run_id, "full")).toEqual(before);
  });
});

describe("results over their caps", () => {
  it("refuses a reply over the limit, naming the field, and leaves the action pending", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    const { envelope, pending } = await untilSpawn(service, host, "Prototype a search index");
    const honest = host.respond(pending);
    if (honest.kind !== "subagent_batch_result") throw new Error("a batch result was expected");
    const huge = {
      ...honest,
      responses: honest.responses.map((r) => ({ ...r, raw_text: "x".repeat(MAX_REPLY_CHARS + 1) })),
    };
    await expect(service.submit(envelope.run_id, huge)).rejects.toMatchObject({
      message: `result too large, nothing was applied: responses.0.raw_text: over the limit of ${MAX_REPLY_CHARS} characters`,
    });
    const sizes = [
      { kind: "user_answer", question_id: "q", freeform: "x".repeat(MAX_REPLY_CHARS + 1) },
      {
        kind: "tool_result",
        correlation_id: "c",
        success: true,
        data: { blob: "x".repeat(MAX_TOOL_DATA_CHARS) },
      },
      { kind: "file_written", path: "p".repeat(MAX_PATH_CHARS + 1), bytes: 1 },
    ];
    const messages = [];
    for (const result of sizes) {
      messages.push(await service.submit(envelope.run_id, result).catch((e: Error) => e.message));
    }
    expect(messages).toEqual([
      `result too large, nothing was applied: freeform: over the limit of ${MAX_REPLY_CHARS} characters`,
      `result too large, nothing was applied: data: over the limit of ${MAX_TOOL_DATA_CHARS} characters as JSON`,
      `result too large, nothing was applied: path: over the limit of ${MAX_PATH_CHARS} characters`,
    ]);
    expect(service.getState(envelope.run_id, "action")).toMatchObject({ action: pending });
    const whole = JSON.stringify({ ...honest, padding: "x".repeat(MAX_RESULT_CHARS) });
    await expect(service.submit(envelope.run_id, whole)).rejects.toThrow(
      `result too large, nothing was applied: ${whole.length} characters of JSON, over the limit of ${MAX_RESULT_CHARS} characters`,
    );
  });
});

describe("persistence", () => {
  it("continues a run with a new service on the same database", async () => {
    const { root, caller, store, clock } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    let envelope = await caller.start({
      feature_description: "Prototype a search index",
      prd_context: "poc",
    });
    envelope = await caller.submit(envelope.run_id, host.respond(envelope.action));
    store.close();
    const reopened = new PipelineService({
      store: new RunStore(join(root, ".archon", "prd.db")),
      clock,
      ids: sequentialIds(),
      namespace: "ns",
      toolPrefix: "prd_",
    });
    const next = await reopened.submit(envelope.run_id, host.respond(envelope.action));
    expect(next.run_id).toBe(envelope.run_id);
    expect(next.messages.some((m) => m.level === "warning")).toBe(false);
  });
});

describe("a free answer longer than a person's answer", () => {
  it("is applied cut to MAX_ANSWER_CHARS, and the envelope says so", async () => {
    const { root, service } = setup();
    const host = new ScriptedHost({ projectRoot: root });
    let envelope = service.start({
      feature_description: "Add login, CSV export and billing",
      prd_context: "poc",
    });
    while (envelope.action.kind !== "ask_user" || envelope.action.question_id !== "feasibility_focus")
      envelope = await service.submit(envelope.run_id, host.respond(envelope.action));
    const long = `Focus on CSV export ${"x".repeat(MAX_ANSWER_CHARS)}`;
    const next = await service.submit(envelope.run_id, {
      kind: "user_answer",
      question_id: "feasibility_focus",
      selected: [],
      freeform: long,
    });
    expect(next.messages[0]).toEqual({
      level: "warning",
      text: `The answer was ${long.length} characters; only its first ${MAX_ANSWER_CHARS} were kept.`,
    });
    const state = service.getState(envelope.run_id, "summary") as { feature_description: string };
    expect(state.feature_description).toBe(
      `${long.slice(0, MAX_ANSWER_CHARS)} (one part of: Add login, CSV export and billing)`,
    );
  });
});
