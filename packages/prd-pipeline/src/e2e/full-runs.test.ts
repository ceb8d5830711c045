// The proof runs: verification, the implementation loop, garbage judges, the budget question, a restart.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ScriptedHost, type ScriptedHostOptions } from "../demo/scripted-host.js";
import { connectPrdServer, type PrdConnection } from "../demo/stdio-client.js";
import type { Envelope } from "../run-model/envelope.js";
import type { Action } from "../run-model/protocol.js";
import { MAX_JUDGE_INVOCATIONS } from "../verification/budget.js";

const roots: string[] = [];
const open: PrdConnection[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

async function setup(options: Partial<ScriptedHostOptions> = {}) {
  const root = mkdtempSync(join(tmpdir(), "prd-full-"));
  roots.push(root);
  const c = await connectPrdServer(root);
  open.push(c);
  return { root, c, host: new ScriptedHost({ projectRoot: root, ...options }) };
}

/** Drives to the end, keeping every action the host was given. */
async function driveAll(c: PrdConnection, host: ScriptedHost, first: Envelope) {
  const actions: Action[] = [first.action];
  let e = first;
  while (e.action.kind !== "done" && e.action.kind !== "failed") {
    e = await c.submit(e.run_id, host.respond(e.action));
    actions.push(e.action);
  }
  return { last: e, actions };
}

function batches(actions: readonly Action[]): string[] {
  return actions.flatMap((a) => (a.kind === "spawn_subagents" ? [a.batch_id] : []));
}

describe("a PRD-only run", () => {
  it("verifies the PRD, writes the report, stops at the gate and reports verification in done", async () => {
    const { root, c, host } = await setup();
    const first = await c.start({
      feature_description: "Prototype sign-in with the identity provider",
      prd_context: "poc",
    });
    const { last, actions } = await driveAll(c, host, first);
    if (last.action.kind !== "done") throw new Error(`ended with ${last.action.kind}`);
    const v = last.action.verification;
    expect(v?.claims_evaluated).toBeGreaterThan(5);
    expect(v?.subjective_claims).toBeGreaterThan(0);
    expect(v?.verdicts.length).toBeGreaterThanOrEqual(v?.subjective_claims ?? 0);
    expect(v?.distribution["SPEC-COMPLETE"]).toBeGreaterThan(0);
    expect(v?.distribution_suspicious).toBe(false);
    const judges = actions.find((a) => a.kind === "spawn_subagents" && a.purpose === "judge");
    expect(judges).toMatchObject({ batch_id: "self_check_verify" });
    const gate = actions.find((a) => a.kind === "ask_user" && a.question_id === "implementation_gate");
    expect(gate).toMatchObject({ options: [{ label: "Implement" }, { label: "PRD only" }] });
    const report = readFileSync(join(root, "prd-output", first.run_id, "10-verification-report.md"), "utf8");
    expect(report).toContain("clamped from PASS (method: k6)");
    expect(report).toContain("Decision: **proceed**");
    expect(last.action.summary).toContain("PRD only");
  });
});

describe("a run through implementation", () => {
  it("loops back after a failed review, then tests, reviews and opens a PR", async () => {
    const { root, c, host } = await setup({
      gate: "Implement",
      reviewVerdict: (attempt) => (attempt === 1 ? "FAIL" : "PASS"),
    });
    const first = await c.start({
      feature_description: "Prototype sign-in with the identity provider",
      prd_context: "poc",
      codebase_path: root,
    });
    const { last, actions } = await driveAll(c, host, first);
    if (last.action.kind !== "done") throw new Error(`ended with ${last.action.kind}`);
    const seen = batches(actions);
    expect(seen.filter((b) => /^(implementation|testing|review)_a/.test(b))).toEqual([
      "implementation_a1",
      "testing_a1",
      "review_a1",
      "implementation_a2",
      "testing_a2",
      "review_a2",
    ]);
    expect(seen.at(-1)).toBe("pr_creation");
    const worktree = actions.find((a) => a.kind === "spawn_subagents" && a.batch_id === "implementation_a2");
    expect(worktree).toMatchObject({ invocations: [{ isolation: "worktree" }] });
    if (worktree?.kind === "spawn_subagents")
      expect(worktree.invocations[0]?.prompt).toContain("does not validate the OIDC state");
    const post = actions.flatMap((a) =>
      a.kind === "call_pipeline_tool" && a.correlation_id.startsWith("post_impl_") ? [a.tool_name] : [],
    );
    expect(post).toEqual(
      [...Array(2)].flatMap(() => [
        "index_codebase",
        "detect_changes",
        "verify_semantic_diff",
        "check_security_gates",
      ]),
    );
    expect(actions.some((a) => a.kind === "call_pipeline_tool" && a.tool_name === "get_impact")).toBe(true);
    expect(actions.some((a) => a.kind === "ask_user" && a.question_id === "pr_gate")).toBe(true);
    expect(last.action.artifacts).toContain("pull request: https://git.example.com/acme/app/pull/42");
    expect(last.action.artifacts).toContain("review: PASS after 1 loop(s)");
    const dir = join(root, "prd-output", first.run_id);
    expect(readFileSync(join(dir, "08-source-code.md"), "utf8")).toContain("feat/sign-in-a2");
    expect(existsSync(join(dir, "09-test-code.md"))).toBe(true);
  });

  it("ends at finalize, without crashing, when the implementation reply has no footer", async () => {
    const { c, host } = await setup({
      gate: "Implement",
      implementationReply: () => "I changed some files.",
    });
    const first = await c.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    const { last, actions } = await driveAll(c, host, first);
    expect(last.action.kind).toBe("done");
    expect(batches(actions)).not.toContain("testing_a1");
    if (last.action.kind === "done") expect(last.action.summary).toContain("without a usable footer");
  });
});

describe("judges that answer garbage", () => {
  it("records every verdict as INCONCLUSIVE and makes the gate ask with the reason", async () => {
    const { c, host } = await setup({ judgeReply: () => "As an AI, I think this is fine!!" });
    const first = await c.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    const { last, actions } = await driveAll(c, host, first);
    if (last.action.kind !== "done") throw new Error(`ended with ${last.action.kind}`);
    const judged = last.action.verification?.verdicts.filter((v) => v.judge.name !== "rule-tier") ?? [];
    expect(judged.length).toBeGreaterThan(0);
    expect(
      judged.every((v) => v.verdict === "INCONCLUSIVE" && v.confidence === 0 && v.caveats.length === 1),
    ).toBe(true);
    const gate = actions.find((a) => a.kind === "ask_user" && a.question_id === "implementation_gate");
    expect(gate?.kind === "ask_user" && gate.description).toContain("subjective claims were judged");
  });
});

describe("a run over the judge budget", () => {
  for (const [choice, check] of [
    ["Reduced sample", (n: number) => expect(n).toBeLessThanOrEqual(MAX_JUDGE_INVOCATIONS)],
    ["Full fleet", (n: number) => expect(n).toBeGreaterThan(MAX_JUDGE_INVOCATIONS)],
    ["Skip verification", (n: number) => expect(n).toBe(0)],
  ] as const) {
    it(`takes "${choice}" and still reaches done`, async () => {
      const { c, host } = await setup({ budgetChoice: choice });
      const first = await c.start({
        feature_description: "Sign in with the company identity provider",
        prd_context: "feature",
      });
      const { last, actions } = await driveAll(c, host, first);
      expect(last.action.kind).toBe("done");
      const asked = actions.find((a) => a.kind === "ask_user" && a.question_id === "self_check_budget");
      expect(asked).toMatchObject({
        options: [{ label: "Reduced sample" }, { label: "Full fleet" }, { label: "Skip verification" }],
      });
      const batch = actions.find((a) => a.kind === "spawn_subagents" && a.purpose === "judge");
      check(batch?.kind === "spawn_subagents" ? batch.invocations.length : 0);
    });
  }
});

describe("a restart in the middle of self_check", () => {
  it("takes the judges' replies on a new server process and finishes the run", async () => {
    const { root, c, host } = await setup();
    let e = await c.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    while (!(e.action.kind === "spawn_subagents" && e.action.batch_id === "self_check_verify")) {
      e = await c.submit(e.run_id, host.respond(e.action));
    }
    const pending = e.action;
    await c.close();
    open.splice(open.indexOf(c), 1);
    const second = await connectPrdServer(root);
    open.push(second);
    const next = await second.submit(e.run_id, host.respond(pending));
    expect(next.current_step).toBe("implementation_gate");
    const { last } = await driveAll(second, host, next);
    expect(last.action.kind === "done" && last.action.verification?.claims_evaluated).toBeGreaterThan(0);
  });
});
