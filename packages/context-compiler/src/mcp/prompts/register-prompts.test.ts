import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { registerPromptsAndResources } from "./register-prompts.js";
import { WORKFLOW_GUIDE_URI } from "./workflow-guide.js";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

/** The text of a prompt's single user message. */
function textOf(result: GetPromptResult): string {
  const [message] = result.messages;
  if (message?.content.type !== "text") throw new Error("expected one text message");
  return message.content.text;
}

async function connect(prefix: string): Promise<Client> {
  const server = new McpServer({ name: "test", version: "0.0.0" });
  registerPromptsAndResources(server, prefix);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "test-client", version: "0.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  close = async () => {
    await client.close();
    await server.close();
  };
  return client;
}

describe("the prompts", () => {
  it("are listed with their arguments", async () => {
    const client = await connect("archon_");
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => [p.name, p.arguments?.map((a) => [a.name, a.required])])).toEqual([
      ["archon-review", [["target_files", true]]],
      ["archon-scaffold", [["target_files", true]]],
      ["archon-explain", [["target_file", true]]],
    ]);
  });

  it("archon-review asks for a compile of the listed files before reviewing against what came back", async () => {
    const client = await connect("kb_");
    const result = await client.getPrompt({
      name: "archon-review",
      arguments: { target_files: "src/a.ts, src/b.ts" },
    });
    expect(result.messages).toHaveLength(1);
    const text = textOf(result);
    expect(text).toContain(
      'Call kb_compile_context with target_files ["src/a.ts","src/b.ts"] and plan "review against the project\'s rules".',
    );
    expect(text).toContain("kb_observe");
  });

  it("archon-scaffold compiles with the scaffold command and archon-explain stays read-only", async () => {
    const client = await connect("archon_");
    const scaffold = await client.getPrompt({
      name: "archon-scaffold",
      arguments: { target_files: "src/x.ts" },
    });
    expect(textOf(scaffold)).toContain('command "scaffold"');
    const explain = await client.getPrompt({
      name: "archon-explain",
      arguments: { target_file: "src/x.ts" },
    });
    const text = textOf(explain);
    expect(text).toContain('archon_compile_context with target_files ["src/x.ts"] and include_debug: true');
    expect(text).toContain("do not call observe and do not propose anything");
  });
});

describe("the workflow guide resource", () => {
  it("is markdown naming the tools with the configured prefix", async () => {
    const client = await connect("archon_");
    const { resources } = await client.listResources();
    expect(resources.map((r) => [r.uri, r.mimeType])).toEqual([[WORKFLOW_GUIDE_URI, "text/markdown"]]);
    const read = await client.readResource({ uri: WORKFLOW_GUIDE_URI });
    const text = (read.contents[0] as { text: string }).text;
    expect(text.startsWith("# Working with archon\n")).toBe(true);
    expect(text).toContain("Call `archon_compile_context` with:");
    expect(text).toContain("`archon_observe` records what you noticed");
  });
});
