import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UserError } from "../errors.js";
import { createServer } from "./create-server.js";
import { defineTool, readOnly } from "./define-tool.js";

// A tool whose answer is whatever it is asked to return, declared as { count: integer }.
const echo = defineTool({
  name: "echo",
  title: "Echo",
  description: "Answers `value` as the result.",
  input: { value: z.unknown(), fail: z.boolean().optional() },
  output: { count: z.number().int() },
  annotations: readOnly,
  run: ({ value, fail }) => {
    if (fail) throw new UserError("asked to fail", "Do not ask.");
    return value;
  },
});
const undeclared = defineTool({
  name: "undeclared",
  title: "Undeclared",
  description: "Declares no output.",
  input: {},
  annotations: readOnly,
  run: () => ({ anything: true }),
});

async function connect() {
  const { server } = createServer({ name: "t", version: "0", tools: [echo, undeclared], context: {} });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "c", version: "0" });
  await client.connect(clientSide);
  return {
    client,
    call: async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult,
  };
}

describe("a tool's declared output", () => {
  it("is listed as the tool's outputSchema, closed to keys it does not name", async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => [t.name, t.outputSchema])).toEqual([
      [
        "echo",
        {
          type: "object",
          properties: { count: { type: "integer" } },
          required: ["count"],
          additionalProperties: false,
        },
      ],
      ["undeclared", undefined],
    ]);
  });

  it("lets a result that matches through unchanged", async () => {
    const { call } = await connect();
    expect(await call("echo", { value: { count: 2 } })).toEqual({
      content: [{ type: "text", text: '{"count":2}' }],
      structuredContent: { count: 2 },
    });
  });

  it("turns a result that does not match into an error result naming the tool and the field", async () => {
    const { call } = await connect();
    const answer = await call("echo", { value: { count: "two" } });
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toBeUndefined();
    expect(answer.content).toEqual([
      {
        type: "text",
        text: expect.stringMatching(
          /^MCP error -32602: Output validation error: Invalid structured content for tool echo: .*count/s,
        ),
      },
    ]);
  });

  it("does not hold an error result to the schema", async () => {
    const { call } = await connect();
    expect(await call("echo", { value: null, fail: true })).toEqual({
      content: [{ type: "text", text: "asked to fail\nHint: Do not ask." }],
      isError: true,
    });
  });

  it("is optional: a tool without one answers as before", async () => {
    const { call } = await connect();
    expect((await call("undeclared", {})).structuredContent).toEqual({ anything: true });
  });
});
