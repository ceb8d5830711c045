import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createServer } from "./create-server.js";
import { defineTool, readOnly } from "./define-tool.js";
import { BoundedStdioTransport } from "./stdio-transport.js";

// A tool with no text of its own, and one that renders its text, told how the client reads.
const plain = defineTool({
  name: "plain",
  title: "Plain",
  description: "Answers a rule.",
  input: {},
  output: { rule: z.string() },
  annotations: readOnly,
  run: () => ({ rule: "Use the client." }),
});
const rendered = defineTool({
  name: "rendered",
  title: "Rendered",
  description: "Answers a rule, rendered.",
  input: {},
  output: { rule: z.string() },
  annotations: readOnly,
  run: () => ({ rule: "Use the client." }),
  text: (result, _args, reader) =>
    reader.structuredOnly ? "1 rule, in structuredContent" : `## rule\n${(result as { rule: string }).rule}`,
});

/** A client that introduces itself as `name` in initialize, as each real client does. */
async function clientNamed(name: string) {
  const { server } = createServer({ name: "t", version: "0", tools: [plain, rendered], context: {} });
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  await server.connect(new BoundedStdioTransport(toServer, toClient));
  const client = new Client({ name, version: "2.1.0" });
  await client.connect(new BoundedStdioTransport(toClient, toServer));
  await client.listTools();
  return async (tool: string) => (await client.callTool({ name: tool, arguments: {} })) as CallToolResult;
}

describe("an answer to a client whose model reads only structuredContent", () => {
  it("carries the result once: in structuredContent, with a line saying so as its text", async () => {
    for (const name of ["claude-code", "codex-mcp-client"]) {
      const call = await clientNamed(name);
      expect(await call("plain")).toEqual({
        content: [{ type: "text", text: "The result of plain is this answer's structuredContent." }],
        structuredContent: { rule: "Use the client." },
      });
      expect((await call("rendered")).content).toEqual([
        { type: "text", text: "1 rule, in structuredContent" },
      ]);
    }
  });
});

describe("an answer to any other client", () => {
  it("carries the text as well: the tool's own rendering, else the result as JSON", async () => {
    const call = await clientNamed("gemini-cli-mcp-client");
    expect(await call("plain")).toEqual({
      content: [{ type: "text", text: '{"rule":"Use the client."}' }],
      structuredContent: { rule: "Use the client." },
    });
    expect((await call("rendered")).content).toEqual([{ type: "text", text: "## rule\nUse the client." }]);
  });
});
