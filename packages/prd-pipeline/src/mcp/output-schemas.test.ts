// Each PRD tool's declared output schema is enforced: a result that does not match never reaches the client.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { BoundedStdioTransport, createServer } from "@archon/core/server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { buildServer } from "./build-server.js";
import { PROFILE_TOOLS } from "./profiles.js";

const roots: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** Arguments each tool accepts, so the call reaches the handler (and its result the schema check). */
const ARGS: Record<string, Record<string, unknown>> = {
  start_pipeline: { feature_description: "Export invoices as CSV", skip_preflight: true },
  submit_action_result: { run_id: "run_x", result: { kind: "file_written", path: "a.md", bytes: 1 } },
  get_pipeline_state: { run_id: "run_x" },
  plan_section_verification: { section_type: "overview", content: "Text." },
  plan_document_verification: { content: "## Overview\n\nText." },
  conclude_verification: { claims: [], plan: { choice: "full", namespace: "ns", judges: [] }, responses: [] },
  validate_prd_section: { section_type: "overview", content: "Text." },
  validate_prd_document: { content: "## Overview\n\nText." },
  get_prd_context_info: {},
  get_config: {},
  read_skill_config: {},
  check_health: {},
  list_available_strategies: {},
  get_strategy_effectiveness: {},
  get_quality_history: {},
  coordinate_context_budget: { total_tokens: 100 },
  map_failure_to_retrieval: { failures: [{ rule: "fr_traceability" }] },
};

/**
 * The full profile's tools behind the core's server and stdio transport over two pipes, with a real client
 * at the other ends; `answer` replaces what each handler returns.
 */
async function connect(answer: (name: string, real: () => Promise<unknown>) => Promise<unknown>) {
  const root = mkdtempSync(join(tmpdir(), "prd-output-schemas-"));
  roots.push(root);
  const built = buildServer({ projectRoot: root, evidenceDbPath: join(root, "evidence.db"), env: {} });
  const tools = PROFILE_TOOLS.full.map((tool) => ({
    ...tool,
    run: (args: never, ctx: typeof built.context) => answer(tool.name, async () => tool.run(args, ctx)),
  }));
  const { server } = createServer({ name: "t", version: "0", tools, context: built.context, prefix: "prd_" });
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  await server.connect(new BoundedStdioTransport(toServer, toClient));
  const client = new Client({ name: "c", version: "0" });
  await client.connect(new BoundedStdioTransport(toClient, toServer));
  cleanups.push(async () => {
    await client.close();
    await server.close();
    await built.cleanup();
  });
  return async (name: string) =>
    (await client.callTool({ name: `prd_${name}`, arguments: ARGS[name] })) as CallToolResult;
}

describe("a PRD tool result that does not match the tool's output schema", () => {
  it("comes back from each of the 17 tools as an error naming the tool, with no structured content", async () => {
    const call = await connect(async () => ({}));
    const names = PROFILE_TOOLS.full.map((t) => t.name);
    expect(names.sort()).toEqual(Object.keys(ARGS).sort());
    const answers = [];
    for (const name of names) answers.push(await call(name));
    expect(answers.map((a) => [a.isError, a.structuredContent])).toEqual(names.map(() => [true, undefined]));
    expect(answers.map((a) => a.content)).toEqual(
      names.map((name) => [
        {
          type: "text",
          // Then each field the schema requires, by name: "Invalid input: expected string, received undefined at run_id".
          text: expect.stringMatching(
            new RegExp(
              `^MCP error -32602: Output validation error: Invalid structured content for tool prd_${name}: Invalid input: expected \\w+, received undefined at \\w+`,
            ),
          ),
        },
      ]),
    );
  });

  it("is caught deep inside a result: an envelope whose action is of no known kind", async () => {
    const call = await connect(async (name, real) => {
      const result = (await real()) as { action: object };
      return name === "start_pipeline"
        ? { ...result, action: { ...result.action, kind: "teleport" } }
        : result;
    });
    const answer = await call("start_pipeline");
    expect(answer.isError).toBe(true);
    expect((answer.content[0] as { text: string }).text).toMatch(
      /^MCP error -32602: Output validation error: Invalid structured content for tool prd_start_pipeline: .*action/s,
    );
    expect((await call("get_config")).isError).toBeUndefined();
  });
});
