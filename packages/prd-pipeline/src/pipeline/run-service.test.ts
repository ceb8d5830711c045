import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { FAILING_REQUIREMENTS } from "../demo/canned-drafts.js";
import { type PipelineCaller, ScriptedHost } from "../demo/scripted-host.js";
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
  const service = new PipelineService({ store, clock, ids: sequentialIds(), namespace: "ns", limits });
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
      "07-jira-tickets.md",
      "affected-symbols.json",
    ]) {
      expect(existsSync(join(dir, name)), name).toBe(true);
    }
    expect(existsSync(join(dir, "06-deployment.md"))).toBe(false);
    expect(readFileSync(join(dir, "00-run-notes.md"), "utf8")).toContain(
      "06-deployment.md` was not written: not in this context",
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

describe("the in-flight guard", () => {
  it("rejects a second submit for a run while the first is in flight, applying only the first", async () => {
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
      reason: { message: expect.stringContaining("concurrent submission rejected") },
    });
    expect(service.getState(first.run_id, "summary")).toMatchObject({
      pending_action: "call_cortex_tool",
      current_step: "input_analysis",
    });
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
    });
    const next = await reopened.submit(envelope.run_id, host.respond(envelope.action));
    expect(next.run_id).toBe(envelope.run_id);
    expect(next.messages.some((m) => m.level === "warning")).toBe(false);
  });
});
