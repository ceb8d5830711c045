// The MCP surface: profiles, annotations, the SKILL.md resource and the start prompt.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { connectPrdServer, type PrdConnection } from "../demo/stdio-client.js";
import { getConfigTool } from "../mcp/tools/get-config.tool.js";
import { getPrdContextInfoTool } from "../mcp/tools/get-prd-context-info.tool.js";

const roots: string[] = [];
const open: PrdConnection[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

async function connect(args: string[] = []): Promise<PrdConnection> {
  const root = mkdtempSync(join(tmpdir(), "prd-surface-"));
  roots.push(root);
  const c = await connectPrdServer(root, args);
  open.push(c);
  return c;
}

const VERIFICATION = [
  "prd_plan_section_verification",
  "prd_plan_document_verification",
  "prd_conclude_verification",
];
const READ_ONLY = [
  "prd_get_pipeline_state",
  ...VERIFICATION,
  "prd_list_available_strategies",
  "prd_get_strategy_effectiveness",
  "prd_get_quality_history",
  "prd_coordinate_context_budget",
  "prd_map_failure_to_retrieval",
  "prd_validate_prd_section",
  "prd_validate_prd_document",
  "prd_get_prd_context_info",
  "prd_get_config",
  "prd_read_skill_config",
  "prd_check_health",
];

describe("tool profiles", () => {
  it("full exposes the seventeen tools, prefixed, each annotated", async () => {
    const c = await connect();
    const { tools } = await c.client.listTools();
    expect(tools).toHaveLength(17);
    expect(tools.map((t) => t.name).sort()).toEqual(
      ["prd_start_pipeline", "prd_submit_action_result", ...READ_ONLY].sort(),
    );
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(READ_ONLY.includes(tool.name));
    }
  });

  it("verifier exposes only the validators and the verification tools, and refuses the others", async () => {
    const c = await connect(["--profile", "verifier"]);
    const { tools } = await c.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ["prd_validate_prd_document", "prd_validate_prd_section", ...VERIFICATION].sort(),
    );
    const refused = await c.call("prd_start_pipeline", { feature_description: "anything at all" });
    expect(refused.isError).toBe(true);
    expect(c.client.getServerCapabilities()?.prompts).toBeUndefined();
  });

  it("agent exposes the loop, verification, the validators and the context catalogue", async () => {
    const c = await connect(["--profile", "agent"]);
    const { tools } = await c.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        "prd_get_pipeline_state",
        "prd_get_prd_context_info",
        "prd_start_pipeline",
        "prd_submit_action_result",
        "prd_validate_prd_document",
        "prd_validate_prd_section",
        ...VERIFICATION,
      ].sort(),
    );
  });
});

describe("resources and prompts", () => {
  it("serves SKILL.md as a resource and offers a prompt that starts a run", async () => {
    const c = await connect();
    const { resources } = await c.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["archon-prd://skill/SKILL.md"]);
    const read = await c.client.readResource({ uri: "archon-prd://skill/SKILL.md" });
    const text = (read.contents[0] as { text: string }).text;
    for (const name of [
      "prd_start_pipeline",
      "prd_submit_action_result",
      "question_id",
      "correlation_id",
      "batch_id",
      "invocation_id",
      "file_written",
    ]) {
      expect(text).toContain(name);
    }
    const prompt = await c.client.getPrompt({
      name: "start_prd",
      arguments: { feature_description: "Export invoices as CSV" },
    });
    expect(JSON.stringify(prompt.messages)).toContain("prd_start_pipeline");
  });

  it("answers the utility tools", async () => {
    const c = await connect();
    const info = await c.call("prd_get_prd_context_info", {});
    expect(z.object(getPrdContextInfoTool.output).parse(info.structuredContent).contexts).toHaveLength(8);
    const skill = await c.call("prd_read_skill_config", {});
    expect(skill.structuredContent).toMatchObject({ name: "archon-prd" });
    const listed = JSON.stringify(skill.structuredContent);
    for (const tool of (await c.client.listTools()).tools) expect(listed, tool.name).toContain(tool.name);
    const health = await c.call("prd_check_health", {});
    expect(health.structuredContent).toMatchObject({ ok: true });
    const config = await c.call("prd_get_config", {});
    expect(config.structuredContent).toMatchObject({
      profile: "full",
      tool_prefix: "prd_",
      limits: {
        maxActiveRuns: 8,
        leaseMs: 30_000,
        max_judge_invocations: 24,
        max_review_loops: 3,
        max_reply_chars: 200_000,
        max_result_chars: 4_000_000,
        max_document_chars: 5 * 1024 * 1024,
      },
    });
    expect(z.object(getConfigTool.output).parse(config.structuredContent).steps).toHaveLength(20);
  });
});
