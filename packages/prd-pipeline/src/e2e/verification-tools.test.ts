// The verification and evidence tools through a real MCP client over stdio.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { outputSchemaOf, type ToolOutput, type ToolResult } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { cannedDraft } from "../demo/canned-drafts.js";
import { judgeJson } from "../demo/scripted-host.js";
import { connectPrdServer, type PrdConnection } from "../demo/stdio-client.js";
import { verificationConclusionSchema, verificationPlanSchema } from "../mcp/result-schemas.js";
import { coordinateContextBudgetTool } from "../mcp/tools/coordinate-context-budget.tool.js";
import { listAvailableStrategiesTool } from "../mcp/tools/list-available-strategies.tool.js";
import { mapFailureToRetrievalTool } from "../mcp/tools/map-failure-to-retrieval.tool.js";
import type { SpawnSubagents } from "../run-model/protocol.js";
import { SECTION_TYPES } from "../sections/section-catalogue.js";
import { MAX_JUDGE_INVOCATIONS } from "../verification/budget.js";

const roots: string[] = [];
const open: PrdConnection[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

async function connect(): Promise<PrdConnection> {
  const root = mkdtempSync(join(tmpdir(), "prd-verify-"));
  roots.push(root);
  const c = await connectPrdServer(root);
  open.push(c);
  return c;
}

const DOCUMENT = SECTION_TYPES.filter((t) => t !== "source_code" && t !== "test_code" && t !== "jira_tickets")
  .map(cannedDraft)
  .join("\n\n");

/** The tool's structured result, read as the shape the tool's module declares. */
function plan(result: { structuredContent?: unknown }) {
  return verificationPlanSchema.parse(result.structuredContent);
}

/** A tool's structured result, parsed with the output schema the tool declares. */
function parse<T extends { output?: ToolOutput }>(
  tool: T,
  result: { structuredContent?: unknown },
): ToolResult<T> {
  const schema = outputSchemaOf(tool);
  if (!schema) throw new Error("the tool declares no output schema");
  return schema.parse(result.structuredContent);
}

function answers(action: SpawnSubagents, reply: (prompt: string) => string) {
  return action.invocations.map((i) => ({ invocation_id: i.invocation_id, raw_text: reply(i.prompt) }));
}

describe("verifying a PRD the host already has", () => {
  it("asks for a choice over budget, then plans the reduced sample and concludes it", async () => {
    const c = await connect();
    const asked = plan(await c.call("prd_plan_document_verification", { content: DOCUMENT }));
    expect(asked).toMatchObject({
      choice_required: true,
      plan: null,
      budget: { over_budget: true, limit: MAX_JUDGE_INVOCATIONS },
    });
    const planned = plan(
      await c.call("prd_plan_document_verification", { content: DOCUMENT, choice: "reduced" }),
    );
    expect(planned.action?.invocations.length).toBeLessThanOrEqual(MAX_JUDGE_INVOCATIONS);
    expect(planned.action?.invocations[0]?.prompt).toContain("Do not default to PASS");
    const responses = answers(planned.action as SpawnSubagents, (p) =>
      p.includes("Claim type: security") ? judgeJson("FAIL", 0.9) : judgeJson("PASS"),
    );
    const out = await c.call("prd_conclude_verification", {
      claims: planned.claims,
      plan: planned.plan,
      responses,
    });
    const result = verificationConclusionSchema.parse(out.structuredContent);
    expect(result.structural_error).toBeNull();
    expect(result.result.failures.length).toBeGreaterThan(0);
    expect(result.policy.decision).toBe("block");
    expect(result.result.claims.filter((x) => x.claim_type === "performance").map((x) => x.verdict)).toEqual([
      "SPEC-COMPLETE",
    ]);
  });

  it("makes every verdict INCONCLUSIVE when the plan does not match the claims", async () => {
    const c = await connect();
    const planned = plan(
      await c.call("prd_plan_section_verification", {
        section_type: "requirements",
        content: cannedDraft("requirements"),
      }),
    );
    const responses = answers(planned.action as SpawnSubagents, () => judgeJson("PASS"));
    const out = await c.call("prd_conclude_verification", {
      claims: planned.claims.slice(1),
      plan: planned.plan,
      responses,
    });
    const result = verificationConclusionSchema.parse(out.structuredContent);
    expect(result.structural_error).toContain("structural");
    expect(new Set(result.verdicts.map((v) => v.verdict))).toEqual(new Set(["INCONCLUSIVE"]));
  });
});

describe("the evidence and strategy tools", () => {
  it("lists strategies, splits a budget and maps failures to recall queries", async () => {
    const c = await connect();
    const list = parse(
      listAvailableStrategiesTool,
      await c.call("prd_list_available_strategies", { prd_context: "release", section_type: "risks" }),
    );
    expect(list.strategies.length).toBeGreaterThan(5);
    expect(list.ranking?.[0]?.strategy).toBe("pre-mortem");
    const split = parse(
      coordinateContextBudgetTool,
      await c.call("prd_coordinate_context_budget", { total_tokens: 10_000, prd_context: "poc" }),
    );
    expect(split.recall_tokens).toBe(2000);
    expect(split.sections).toHaveLength(5);
    expect(split.sections.reduce((n, s) => n + s.tokens, 0) + split.recall_tokens + split.unallocated).toBe(
      10_000,
    );
    const mapped = parse(
      mapFailureToRetrievalTool,
      await c.call("prd_map_failure_to_retrieval", {
        failures: [{ rule: "fr_unique_ids" }],
        feature: "CSV export",
      }),
    );
    expect(mapped.queries[0]?.rules).toEqual(["fr_unique_ids"]);
    expect(mapped.corrective_query).toMatch(/CSV export$/);
    const effectiveness = await c.call("prd_get_strategy_effectiveness", {});
    expect(effectiveness.structuredContent).toMatchObject({ min_executions: 10, effectiveness: [] });
    const quality = await c.call("prd_get_quality_history", {});
    expect(quality.structuredContent).toMatchObject({ count: 0 });
  });
});
