// The end of the implementation loop, driven by a scripted host: checks that did not run, and the PR gate.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { ScriptedHost, type ScriptedHostOptions } from "../demo/scripted-host.js";
import { PipelineService } from "../engine/run-service.js";
import { RunStore } from "../engine/run-store.js";
import type { Envelope } from "../run-model/envelope.js";
import type { Action } from "../run-model/protocol.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** The refusal Archon's in-process codebase server gives a tool it does not serve. */
const notServed = (tool: string) => `${tool} is not served by Archon in-process`;

async function runUntil(
  options: Partial<ScriptedHostOptions>,
  stop: (a: Action) => boolean,
  refusePostChecks = false,
) {
  const root = mkdtempSync(join(tmpdir(), "prd-post-impl-"));
  roots.push(root);
  const store = new RunStore(join(root, "prd.db"));
  const service = new PipelineService({
    store,
    clock: manualClock(),
    ids: sequentialIds(),
    namespace: "ns",
    toolPrefix: "prd_",
  });
  const host = new ScriptedHost({ projectRoot: root, gate: "Implement", ...options });
  let current: Envelope = service.start({
    feature_description: "Prototype sign-in with the identity provider",
    prd_context: "poc",
    codebase_path: root,
  });
  const messages: string[] = [];
  while (!stop(current.action) && current.action.kind !== "done" && current.action.kind !== "failed") {
    const action = store.get(current.run_id)?.state.pending ?? current.action;
    const refused =
      refusePostChecks &&
      action.kind === "call_pipeline_tool" &&
      action.correlation_id.startsWith("post_impl_");
    current = await service.submit(
      current.run_id,
      refused
        ? {
            kind: "tool_result",
            correlation_id: action.correlation_id,
            success: false,
            error: notServed(action.tool_name),
          }
        : host.respond(action),
    );
    messages.push(...current.messages.map((m) => m.text));
  }
  return { root, service, current, messages };
}

const atPrGate = (a: Action) => a.kind === "ask_user" && a.question_id === "pr_gate";

describe("post-implementation checks that did not run", () => {
  it("are reported as skipped with the server's reason, never as failed problems", async () => {
    const { root, current, messages } = await runUntil({}, atPrGate, true);
    expect(messages).toContain("Post-implementation checks found no problem.");
    expect(messages).toContain(
      `Not run: ${["index_codebase", "detect_changes", "verify_semantic_diff", "check_security_gates"]
        .map((t) => `${t}: skipped (${notServed(t)})`)
        .join("; ")}.`,
    );
    const source = readFileSync(join(root, "prd-output", current.run_id, "08-source-code.md"), "utf8");
    const checks = source.slice(source.indexOf("Post-implementation checks:")).split("\n").slice(2, 6);
    expect(checks).toEqual(
      ["index_codebase", "detect_changes", "verify_semantic_diff", "check_security_gates"].map(
        (t) => `- ${t}: skipped (${notServed(t)})`,
      ),
    );
  });
});

describe("the pull-request gate", () => {
  it("offers no push while the review verdict is missing, and refuses one asked for anyway", async () => {
    const { service, current } = await runUntil({ reviewVerdict: () => "MISSING" as "PASS" }, atPrGate);
    expect(current.action).toMatchObject({
      kind: "ask_user",
      header: "No pull request without verdicts",
      options: [{ label: "Do not push" }],
    });
    if (current.action.kind === "ask_user")
      expect(current.action.description).toContain("missing review verdict: UNKNOWN");
    const pushed = await service.submit(current.run_id, {
      kind: "user_answer",
      question_id: "pr_gate",
      selected: ["Push and open a PR"],
    });
    expect(pushed.action).toEqual(current.action);
    expect(pushed.messages.map((m) => m.text)).toEqual(['Answer "Do not push" (got "Push and open a PR").']);
  });

  it("offers the push when tests and review both gave a verdict", async () => {
    const { current } = await runUntil({}, atPrGate);
    expect(current.action).toMatchObject({
      header: "Push the branch and open a pull request?",
      options: [{ label: "Push and open a PR" }, { label: "Do not push" }],
    });
  });
});
