// Connects a real MCP client to the built archon-prd server over stdio.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { toolPrefix } from "../mcp/tool-prefix.js";
import { actionViewSchema } from "../run-model/answer-schemas.js";
import { type Envelope, envelopeSchema } from "../run-model/envelope.js";
import type { ActionResult } from "../run-model/protocol.js";
import type { PipelineCaller } from "./scripted-host.js";

/** The `archon-prd` command of this package (bin/, which runs the bundle), from src/ (tests) or dist/ alike. */
export function serverEntry(): string {
  return fileURLToPath(new URL("../../bin/archon-prd.js", import.meta.url));
}

export interface PrdConnection extends PipelineCaller {
  client: Client;
  /** The prefix the server registered its tools with; `call` takes registered names. */
  prefix: string;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export class ToolError extends Error {}

/** `env` is added to the SDK's default child environment (which passes no ARCHON_PRD_TOOL_PREFIX on). */
export async function connectPrdServer(
  projectRoot: string,
  extraArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<PrdConnection> {
  // Keeps test, demo and bench evidence out of the user's home unless a path is given.
  const evidence = extraArgs.includes("--evidence-db")
    ? []
    : ["--evidence-db", join(projectRoot, ".archon", "evidence.db")];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [serverEntry(), "--project-root", projectRoot, ...evidence, ...extraArgs],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: "pipe",
  });
  const prefix = toolPrefix(env);
  const client = new Client({ name: "archon-prd-scripted-host", version: "0.1.0" });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const envelope = async (name: string, args: Record<string, unknown>): Promise<Envelope> => {
    const result = await call(name, args);
    if (result.isError) {
      const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
      throw new ToolError(`${name} failed: ${text}`);
    }
    return withFullPrompts(envelopeSchema.parse(result.structuredContent), call, prefix);
  };
  return {
    client,
    prefix,
    call,
    start: (args) => envelope(`${prefix}start_pipeline`, args),
    submit: (runId: string, result: ActionResult) =>
      envelope(`${prefix}submit_action_result`, { run_id: runId, result }),
    close: () => client.close(),
  };
}

type Call = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

/**
 * As SKILL.md asks of a host: prompts stubbed out of an envelope over the answer bound are fetched with
 * the state tool, page by page (a prompt too large for one answer comes in parts, in order), and joined.
 */
async function withFullPrompts(envelope: Envelope, call: Call, prefix: string): Promise<Envelope> {
  const action = envelope.action;
  if (action.kind !== "spawn_subagents" || !action.invocations.some((i) => i.prompt.startsWith("[stub:")))
    return envelope;
  const prompts = new Map<string, string>();
  for (let part: number | null = 0; part !== null; ) {
    const answer = await call(`${prefix}get_pipeline_state`, {
      run_id: envelope.run_id,
      format: "action",
      part,
    });
    const page = actionViewSchema.parse(answer.structuredContent);
    if (page.action?.kind !== "spawn_subagents") throw new ToolError("the fetched action is not the batch");
    for (const i of page.action.invocations)
      prompts.set(i.invocation_id, `${prompts.get(i.invocation_id) ?? ""}${i.prompt}`);
    part = page.next_part;
  }
  const invocations = action.invocations.map((i) => ({
    ...i,
    prompt: prompts.get(i.invocation_id) ?? i.prompt,
  }));
  return { ...envelope, action: { ...action, invocations } };
}
