// Every tool of the PRD server, called over stdio through a real client, its result parsed with the tool's
// own output schema (and checked by the client against the schema the server lists); and the answer bound.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  answerBytes,
  HOST_ANSWER_BYTES,
  outputSchemaOf,
  type ToolOutput,
  type ToolResult,
} from "@archon/core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { cannedDraft } from "../demo/canned-drafts.js";
import { judgeJson, ScriptedHost } from "../demo/scripted-host.js";
import { connectPrdServer, type PrdConnection } from "../demo/stdio-client.js";
import { RunStore } from "../engine/run-store.js";
import { defaultDbPath } from "../mcp/build-server.js";
import { PROFILE_TOOLS } from "../mcp/profiles.js";
import { checkHealthTool } from "../mcp/tools/check-health.tool.js";
import { concludeVerificationTool } from "../mcp/tools/conclude-verification.tool.js";
import { coordinateContextBudgetTool } from "../mcp/tools/coordinate-context-budget.tool.js";
import { getConfigTool } from "../mcp/tools/get-config.tool.js";
import { getPipelineStateTool } from "../mcp/tools/get-pipeline-state.tool.js";
import { getPrdContextInfoTool } from "../mcp/tools/get-prd-context-info.tool.js";
import { getQualityHistoryTool } from "../mcp/tools/get-quality-history.tool.js";
import { getStrategyEffectivenessTool } from "../mcp/tools/get-strategy-effectiveness.tool.js";
import { listAvailableStrategiesTool } from "../mcp/tools/list-available-strategies.tool.js";
import { mapFailureToRetrievalTool } from "../mcp/tools/map-failure-to-retrieval.tool.js";
import { planDocumentVerificationTool } from "../mcp/tools/plan-document-verification.tool.js";
import { planSectionVerificationTool } from "../mcp/tools/plan-section-verification.tool.js";
import { readSkillConfigTool } from "../mcp/tools/read-skill-config.tool.js";
import { startPipelineTool } from "../mcp/tools/start-pipeline.tool.js";
import { submitActionResultTool } from "../mcp/tools/submit-action-result.tool.js";
import { validatePrdDocumentTool } from "../mcp/tools/validate-prd-document.tool.js";
import { validatePrdSectionTool } from "../mcp/tools/validate-prd-section.tool.js";
import { fullViewSchema } from "../run-model/answer-schemas.js";
import { initialState, type RunState } from "../run-model/state.js";

const roots: string[] = [];
const open: PrdConnection[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

async function connect(): Promise<{ c: PrdConnection; root: string }> {
  const root = mkdtempSync(join(tmpdir(), "prd-results-"));
  roots.push(root);
  const c = await connectPrdServer(root);
  // Listing the tools makes the client check every later result against the schema the server lists.
  await c.client.listTools();
  open.push(c);
  return { c, root };
}

const text = (answer: CallToolResult) =>
  answer.content.map((p) => (p.type === "text" ? p.text : "")).join("\n");

/** Calls a tool by its registered name and parses its result with the tool's own output schema. */
async function result<T extends { name: string; output?: ToolOutput }>(
  c: PrdConnection,
  tool: T,
  args: Record<string, unknown>,
): Promise<ToolResult<T>> {
  const answer = await c.call(`${c.prefix}${tool.name}`, args);
  if (answer.isError) throw new Error(`${tool.name} failed: ${text(answer)}`);
  const schema = outputSchemaOf(tool);
  if (!schema) throw new Error(`${tool.name} declares no output schema`);
  return schema.parse(answer.structuredContent);
}

describe("the tools of the PRD server", () => {
  it("each declare an output schema", async () => {
    const { c } = await connect();
    const { tools } = await c.client.listTools();
    expect(tools).toHaveLength(17);
    expect(tools.filter((t) => t.outputSchema?.type !== "object").map((t) => t.name)).toEqual([]);
    expect(PROFILE_TOOLS.full.filter((t) => t.output === undefined).map((t) => t.name)).toEqual([]);
  });
});

describe("each tool's result", () => {
  it("parses with the tool's own schema: the run tools and every state format", async () => {
    const { c, root } = await connect();
    const started = await result(c, startPipelineTool, {
      feature_description: "Export invoices as CSV",
      prd_context: "feature",
      skip_preflight: true,
    });
    expect(started.run_id).toMatch(/\S/);
    const host = new ScriptedHost({ projectRoot: root });
    const next = await result(c, submitActionResultTool, {
      run_id: started.run_id,
      result: host.respond(started.action),
    });
    expect(next.run_id).toBe(started.run_id);
    const formats = ["summary", "full", "grounding", "validation", "action"] as const;
    const views = [];
    for (const format of formats) {
      views.push(await result(c, getPipelineStateTool, { run_id: started.run_id, format }));
    }
    expect(views.map((v) => v.run_id)).toEqual(formats.map(() => started.run_id));
    expect(views.map((v) => v.__bounded === undefined || v.__bounded.omitted.length === 0)).toEqual(
      formats.map(() => true),
    );
  });

  it("parses with the tool's own schema: verification, validation and the utilities", async () => {
    const { c } = await connect();
    const planned = await result(c, planSectionVerificationTool, {
      section_type: "requirements",
      content: cannedDraft("requirements"),
      choice: "full",
    });
    const action = planned.action;
    if (action?.kind !== "spawn_subagents" || !planned.plan) throw new Error("expected judges to spawn");
    const concluded = await result(c, concludeVerificationTool, {
      claims: planned.claims,
      plan: planned.plan,
      responses: action.invocations.map((i) => ({
        invocation_id: i.invocation_id,
        raw_text: judgeJson("PASS"),
      })),
    });
    expect(concluded.structural_error).toBeNull();
    const whole = await result(c, planDocumentVerificationTool, {
      content: `## Requirements\n\n${cannedDraft("requirements")}`,
      choice: "skip",
    });
    expect(whole.choice_required).toBe(false);
    const section = await result(c, validatePrdSectionTool, {
      section_type: "overview",
      content: cannedDraft("overview"),
    });
    expect(section.section_type).toBe("overview");
    const document = await result(c, validatePrdDocumentTool, { content: "## Misc\n\nWords." });
    expect(document.unrecognised_headings).toEqual(["Misc"]);
    expect((await result(c, getPrdContextInfoTool, {})).contexts).toHaveLength(8);
    expect((await result(c, getConfigTool, {})).limits.answer_bound_bytes).toBe(HOST_ANSWER_BYTES);
    expect((await result(c, readSkillConfigTool, {})).name).toBe("archon-prd");
    expect((await result(c, checkHealthTool, {})).ok).toBe(true);
    expect((await result(c, listAvailableStrategiesTool, {})).ranking).toBeNull();
    const ranked = await result(c, listAvailableStrategiesTool, {
      prd_context: "feature",
      section_type: "requirements",
    });
    expect(ranked.ranking?.length).toBeGreaterThan(0);
    expect((await result(c, getStrategyEffectivenessTool, {})).effectiveness).toEqual([]);
    expect(await result(c, getQualityHistoryTool, {})).toEqual({ count: 0, runs: [] });
    const split = await result(c, coordinateContextBudgetTool, {
      total_tokens: 10_000,
      prd_context: "feature",
    });
    expect(split.total_tokens).toBe(10_000);
    const queries = await result(c, mapFailureToRetrievalTool, {
      failures: [{ rule: "fr_traceability" }],
      feature: "invoices",
    });
    expect(queries.queries.map((q) => q.rules)).toEqual([["fr_traceability"]]);
  });
});

/** A run whose whole state is about 160 KB of JSON: long sections, clarifications and a large grounding. */
function largeRun(): RunState {
  const now = "2026-12-04T00:00:00.000Z";
  const state = initialState({ run_id: "run_large", now, feature_description: "Recurring invoices" });
  return {
    ...state,
    grounding: {
      files: Array.from({ length: 400 }, (_, i) => ({ path: `src/f${i}.ts`, why: "w".repeat(80) })),
    },
    clarifications: Array.from({ length: 6 }, (_, i) => ({
      round: i + 1,
      question: "q".repeat(300),
      answer: "a",
    })),
    sections: (["overview", "goals", "requirements"] as const).map((type) => ({
      type,
      status: "passed" as const,
      attempt: 1,
      content: `${type} `.repeat(2_500),
      violations: [],
      score: 1,
      recall: [],
      corrective_recall: [],
    })),
  };
}

describe("get_pipeline_state in format full", () => {
  it("holds the whole answer, text and structured content together, under the bound and says what it cut", async () => {
    const { c, root } = await connect();
    const state = largeRun();
    const store = new RunStore(defaultDbPath(root));
    store.insert(state, Date.now());
    store.close();
    expect(JSON.stringify(state).length).toBeGreaterThan(HOST_ANSWER_BYTES);
    const answer = await c.call(`${c.prefix}get_pipeline_state`, { run_id: state.run_id, format: "full" });
    expect(answer.isError).toBeFalsy();
    expect(answerBytes(answer.structuredContent)).toBeLessThanOrEqual(HOST_ANSWER_BYTES);
    const view = fullViewSchema.parse(answer.structuredContent);
    expect({ grounding: view.grounding, errors: view.errors, note: view.__bounded }).toEqual({
      grounding: null,
      errors: [],
      note: {
        omitted: [
          'grounding (fetch with format: "grounding")',
          "git_history",
          "recall results",
          "graph validation (in 10-verification-report.md)",
          "clarification rounds 1, 2",
          "clarification rounds 3",
          "clarification rounds 4",
          "clarification rounds 5",
          "clarification rounds 6",
        ],
        elided: ["sections.requirements.content"],
        hint: expect.stringContaining('format "grounding"'),
      },
    });
  });
});
