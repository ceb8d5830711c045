// Whole runs through a real MCP client spawning the built server, checked on disk.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ScriptedHost } from "../demo/scripted-host.js";
import { connectPrdServer, type PrdConnection } from "../demo/stdio-client.js";
import { actionViewSchema, fullViewSchema } from "../run-model/answer-schemas.js";
import { envelopeSchema } from "../run-model/envelope.js";
import { rawSession } from "./raw-session.js";

interface Reply {
  result: { isError?: boolean; content: unknown; structuredContent?: unknown };
}

const roots: string[] = [];
const open: PrdConnection[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "prd-e2e-"));
  roots.push(root);
  return root;
}

async function connect(root: string, args: string[] = []): Promise<PrdConnection> {
  const c = await connectPrdServer(root, args);
  open.push(c);
  return c;
}

describe("whole runs of several contexts over stdio", () => {
  const cases = [
    {
      context: "feature",
      feature: "Add sign-in with the company identity provider",
      expected: [
        "01-prd.md",
        "02-data-model.md",
        "03-api-spec.md",
        "04-security.md",
        "05-testing.md",
        "06-deployment.md",
        "07-jira-tickets.md",
        "11-clarifications.md",
        "affected-symbols.json",
      ],
    },
    {
      context: "bug",
      feature: "Fix the crash when a session expires during checkout",
      expected: [
        "01-prd.md",
        "05-testing.md",
        "06-deployment.md",
        "07-jira-tickets.md",
        "11-clarifications.md",
        "affected-symbols.json",
      ],
    },
    {
      context: "poc",
      feature: "Prototype a search index for the product catalogue",
      expected: ["01-prd.md", "07-jira-tickets.md", "11-clarifications.md", "affected-symbols.json"],
    },
  ];
  for (const c of cases) {
    it(`drives a ${c.context} run detected from its text to done and writes its files`, async () => {
      const root = tempRoot();
      const connection = await connect(root);
      const host = new ScriptedHost({ projectRoot: root });
      const first = await connection.start({ feature_description: c.feature });
      const { last, roundTrips } = await host.drive(connection, first);
      expect(last.action.kind).toBe("done");
      expect(roundTrips).toBeLessThan(100);
      expect(host.shown.some((m) => m.includes(`PRD context detected`))).toBe(true);
      const dir = join(root, "prd-output", first.run_id);
      const files = readdirSync(dir).sort();
      expect(files).toEqual(["00-run-notes.md", "10-verification-report.md", ...c.expected].sort());
      const prd = readFileSync(join(dir, "01-prd.md"), "utf8");
      expect(prd).toContain("## Overview");
      expect(prd).not.toMatch(/placeholder|TODO/);
      expect(readFileSync(join(dir, "00-run-notes.md"), "utf8")).toContain("08-source-code.md");
      expect(readFileSync(join(dir, "10-verification-report.md"), "utf8")).toContain("## Policy");
      expect(last.action.kind === "done" && last.action.verification?.claims_evaluated).toBeGreaterThan(0);
    });
  }
});

describe("a run survives a server restart", () => {
  it("continues the same run_id on a new server process", async () => {
    const root = tempRoot();
    const host = new ScriptedHost({ projectRoot: root });
    const first = await connect(root);
    let envelope = await first.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    for (let i = 0; i < 6; i++) envelope = await first.submit(envelope.run_id, host.respond(envelope.action));
    const pending = envelope.action;
    await first.close();
    open.splice(open.indexOf(first), 1);

    const second = await connect(root);
    const state = await second.call("prd_get_pipeline_state", { run_id: envelope.run_id, format: "action" });
    expect(actionViewSchema.parse(state.structuredContent).action).toEqual(pending);
    const { last } = await host.drive(second, await second.submit(envelope.run_id, host.respond(pending)));
    expect(last.action.kind).toBe("done");
    expect(existsSync(join(root, "prd-output", envelope.run_id, "01-prd.md"))).toBe(true);
  });
});

describe("submissions that must not be applied", () => {
  it("rejects a second answer sent at once for the same action and keeps the run usable", async () => {
    const root = tempRoot();
    const session = await rawSession(root);
    try {
      const call = (name: string, args: unknown) => ({
        method: "tools/call",
        params: { name, arguments: args },
      });
      const [started] = (await session.batch([
        call("prd_start_pipeline", { feature_description: "Prototype a search index", prd_context: "poc" }),
      ])) as Reply[];
      const first = envelopeSchema.parse(started?.result.structuredContent);
      const host = new ScriptedHost({ projectRoot: root });
      const result = host.respond(first.action);
      // Both requests leave in one write, so the second is read while the first is still being handled.
      const replies = (await session.batch([
        call("prd_submit_action_result", { run_id: first.run_id, result }),
        call("prd_submit_action_result", { run_id: first.run_id, result }),
      ])) as Reply[];
      const errors = replies.filter((r) => r.result.isError);
      expect(errors).toHaveLength(1);
      expect(JSON.stringify(errors[0]?.result.content)).toMatch(/was already answered|is being answered/);
      const applied = envelopeSchema.parse(replies.find((r) => !r.result.isError)?.result.structuredContent);
      expect(applied.action).not.toEqual(first.action);
      expect(applied.messages.some((m) => m.level === "warning")).toBe(false);
    } finally {
      session.close();
    }
  });

  it("re-issues the pending action with a warning when a token does not match", async () => {
    const root = tempRoot();
    const c = await connect(root);
    const first = await c.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    expect(first.action.kind).toBe("call_cortex_tool");
    const again = await c.submit(first.run_id, {
      kind: "tool_result",
      correlation_id: "not_the_token",
      success: true,
      data: {},
    });
    expect(again.action).toEqual(first.action);
    expect(again.messages[0]).toMatchObject({ level: "warning" });
    expect(again.messages[0]?.text).toContain("not_the_token");
    const wrongKind = await c.submit(first.run_id, { kind: "file_written", path: "x", bytes: 1 });
    expect(wrongKind.action).toEqual(first.action);
  });

  it("answers malformed results, unknown runs and finished runs with isError", async () => {
    const root = tempRoot();
    const c = await connect(root);
    const first = await c.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    const badJson = await c.call("prd_submit_action_result", { run_id: first.run_id, result: "{not json" });
    expect(badJson.isError).toBe(true);
    expect(JSON.stringify(badJson.content)).toContain("not valid JSON");
    const missing = await c.call("prd_submit_action_result", {
      run_id: first.run_id,
      result: { kind: "tool_result" },
    });
    expect(missing.isError).toBe(true);
    expect(JSON.stringify(missing.content)).toContain("malformed result");
    const unknown = await c.call("prd_submit_action_result", {
      run_id: "run_nope",
      result: { kind: "tool_result" },
    });
    expect(JSON.stringify(unknown.content)).toContain("unknown run_id");
    const host = new ScriptedHost({ projectRoot: root });
    await host.drive(c, first);
    const late = await c.call("prd_submit_action_result", {
      run_id: first.run_id,
      result: host.respond(first.action),
    });
    expect(late.isError).toBe(true);
    expect(JSON.stringify(late.content)).toContain("already ended");
  });
});

describe("missing ecosystem servers", () => {
  it("fails at preflight with install instructions when a codebase path has no codebase server", async () => {
    const root = tempRoot();
    const c = await connect(root);
    const host = new ScriptedHost({ projectRoot: root, codebase: false });
    const first = await c.start({ feature_description: "Prototype a search index", codebase_path: root });
    const { last } = await host.drive(c, first);
    expect(last.action).toMatchObject({ kind: "failed", step: "preflight" });
    expect(JSON.stringify(last.action)).toContain(".mcp.json");
  });

  it("records an unavailable memory server as upstream_failure and finishes without recall", async () => {
    const root = tempRoot();
    const c = await connect(root);
    const host = new ScriptedHost({ projectRoot: root, memory: false });
    const first = await c.start({ feature_description: "Prototype a search index", prd_context: "poc" });
    const { last } = await host.drive(c, first);
    expect(last.action.kind).toBe("done");
    const full = fullViewSchema.parse(
      (await c.call("prd_get_pipeline_state", { run_id: first.run_id, format: "full" })).structuredContent,
    );
    expect(full.errors.map((e) => e.kind)).toEqual(["upstream_failure"]);
  });
});
