// Inputs built to stall or flood the server, sent through a real MCP client: refused or answered within bounds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { answerBytes, HOST_ANSWER_BYTES } from "@archon/core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { cannedDraft } from "../demo/canned-drafts.js";
import { ScriptedHost } from "../demo/scripted-host.js";
import { connectPrdServer, type PrdConnection } from "../demo/stdio-client.js";
import { verificationConclusionSchema, verificationPlanSchema } from "../mcp/result-schemas.js";
import { actionViewSchema } from "../run-model/answer-schemas.js";
import type { Envelope } from "../run-model/envelope.js";
import { MAX_DOCUMENT_CHARS, MAX_LISTED_HEADINGS, MAX_REPLY_CHARS } from "../run-model/limits.js";
import type { SpawnSubagents } from "../run-model/protocol.js";

const roots: string[] = [];
const open: PrdConnection[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

async function connect(): Promise<{ c: PrdConnection; root: string }> {
  const root = mkdtempSync(join(tmpdir(), "prd-oversized-"));
  roots.push(root);
  const c = await connectPrdServer(root);
  open.push(c);
  return { c, root };
}

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

const NESTED_BRACES = `${"{".repeat(80_000)}${"}".repeat(80_000)}`;

describe("validate_prd_document on documents built to stall it", () => {
  it("refuses a 5 MB document naming the field and the limit, then still answers", async () => {
    const { c } = await connect();
    const refused = await c.call("prd_validate_prd_document", { content: "## Overview\n".repeat(440_000) });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain(`over the limit of ${MAX_DOCUMENT_CHARS} characters at content`);
    const fine = await c.call("prd_validate_prd_document", { content: cannedDraft("overview") });
    expect(fine.isError).toBeFalsy();
  });

  it("answers 400 KB of repeated headings within the response budget, saying what it left out", async () => {
    const { c } = await connect();
    const count = 400_000 / 8;
    const result = await c.call("prd_validate_prd_document", { content: "## Misc\n".repeat(count) });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      unrecognised_headings_omitted: count - MAX_LISTED_HEADINGS,
      truncated: true,
    });
    expect(answerBytes(result.structuredContent)).toBeLessThan(HOST_ANSWER_BYTES);
  });
});

describe("judge replies built to stall the parser", () => {
  it("reads 160 KB of nested braces as no verdict, and refuses a reply over the limit by name", async () => {
    const { c } = await connect();
    const plannedAnswer = (
      await c.call("prd_plan_section_verification", {
        section_type: "requirements",
        content: cannedDraft("requirements"),
        choice: "full",
      })
    ).structuredContent;
    const planned = verificationPlanSchema.parse(plannedAnswer);
    const action = planned.action as SpawnSubagents;
    expect(action.invocations.length).toBeGreaterThan(0);
    const conclude = (raw: string) =>
      c.call("prd_conclude_verification", {
        claims: planned.claims,
        plan: planned.plan,
        responses: action.invocations.map((i) => ({ invocation_id: i.invocation_id, raw_text: raw })),
      });
    const braces = await conclude(NESTED_BRACES);
    expect(braces.isError).toBeFalsy();
    const judged = verificationConclusionSchema
      .parse(braces.structuredContent)
      .verdicts.filter((v) => v.judge.name !== "rule-tier");
    expect(judged.map((v) => [v.verdict, v.caveats])).toEqual(
      action.invocations.map(() => ["INCONCLUSIVE", ["the reply held no JSON object"]]),
    );
    const huge = await conclude("x".repeat(MAX_REPLY_CHARS + 1));
    expect(huge.isError).toBe(true);
    expect(text(huge)).toContain(`over the limit of ${MAX_REPLY_CHARS} characters at responses[0].raw_text`);
  });
});

describe("subagent replies to a run", () => {
  it("refuses a reply over the limit by name and keeps the batch pending, then takes a nested-brace reply", async () => {
    const { c, root } = await connect();
    const host = new ScriptedHost({ projectRoot: root });
    let envelope: Envelope = await c.start({
      feature_description: "Prototype a search index",
      prd_context: "poc",
    });
    while (envelope.action.kind !== "spawn_subagents") {
      envelope = await c.submit(envelope.run_id, host.respond(envelope.action));
    }
    const pending = envelope.action;
    const reply = (raw: string) => ({
      kind: "subagent_batch_result",
      batch_id: pending.batch_id,
      responses: pending.invocations.map((i) => ({ invocation_id: i.invocation_id, raw_text: raw })),
    });
    const huge = await c.call("prd_submit_action_result", {
      run_id: envelope.run_id,
      result: reply("x".repeat(MAX_REPLY_CHARS + 1)),
    });
    expect(huge.isError).toBe(true);
    expect(text(huge)).toContain(
      `result too large, nothing was applied: responses.0.raw_text: over the limit of ${MAX_REPLY_CHARS} characters`,
    );
    const state = await c.call("prd_get_pipeline_state", { run_id: envelope.run_id, format: "action" });
    expect(actionViewSchema.parse(state.structuredContent).action).toEqual(pending);
    const braces = await c.call("prd_submit_action_result", {
      run_id: envelope.run_id,
      result: reply(NESTED_BRACES),
    });
    expect(braces.isError).toBeFalsy();
  });
});
