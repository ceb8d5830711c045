import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UserError } from "../errors.js";
import { createServer } from "./create-server.js";
import { defineTool, readOnly } from "./define-tool.js";
import { MAX_RESPONSE_BYTES } from "./message-limits.js";
import { BoundedStdioTransport } from "./stdio-transport.js";

// Tools that answer as much as they are asked for, behind a real server and a real client.
const sized = defineTool({
  name: "sized",
  title: "Sized",
  description: "Answers `bytes` characters.",
  input: { bytes: z.number().int() },
  annotations: readOnly,
  run: ({ bytes }) => ({ blob: "a".repeat(bytes) }),
});
const failing = defineTool({
  name: "failing",
  title: "Failing",
  description: "Fails with a message of `bytes` characters.",
  input: { bytes: z.number().int() },
  annotations: readOnly,
  run: ({ bytes }) => {
    throw new UserError(`bad ${"b".repeat(bytes)}`);
  },
});

async function connect() {
  const { server } = createServer({
    name: "t",
    version: "0",
    tools: [sized, failing],
    context: {},
    prefix: "t_",
  });
  // The server's own stdio transport over two pipes; the client reads the other ends with the same one.
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  await server.connect(new BoundedStdioTransport(toServer, toClient));
  const client = new Client({ name: "c", version: "0" });
  await client.connect(new BoundedStdioTransport(toClient, toServer));
  return {
    call: async (name: string, bytes: number) =>
      (await client.callTool({ name, arguments: { bytes } })) as CallToolResult,
  };
}

describe("a tool answer over the size of one response", () => {
  it("comes back as an error naming the tool, the size and the limit, and the next call is answered", async () => {
    const { call } = await connect();
    const answer = await call("t_sized", 3 * 1024 * 1024);
    // Measured on the line as serialized for the wire: the JSON-RPC envelope counts too.
    expect(answer.isError).toBe(true);
    expect(answer.content).toHaveLength(1);
    expect((answer.content[0] as { text: string }).text).toMatch(
      /^The answer of t_sized is 629\d{4} bytes \(6\.0 MiB\), over the limit of 4194304 bytes \(4\.0 MiB\) for one answer, so it was not sent\.\nHint: Ask for less in one call: fewer files or ids, a lower limit or a narrower filter, and split the rest over further calls\.$/,
    );
    expect(await call("t_sized", 3)).toEqual({
      content: [{ type: "text", text: '{"blob":"aaa"}' }],
      structuredContent: { blob: "aaa" },
    });
  });

  it("counts the text and the structured content both: an answer under the limit once but over it twice is refused", async () => {
    const { call } = await connect();
    expect((await call("t_sized", MAX_RESPONSE_BYTES / 2 - 100)).isError).toBeUndefined();
    expect((await call("t_sized", MAX_RESPONSE_BYTES / 2 + 100)).isError).toBe(true);
  });

  it("cuts an error's text over the limit and says so", async () => {
    const { call } = await connect();
    const message = `bad ${"b".repeat(5 * 1024 * 1024)}`;
    const answer = await call("t_failing", 5 * 1024 * 1024);
    expect(answer.isError).toBe(true);
    const text = (answer.content[0] as { text: string }).text;
    // Compared by parts: a failing assertion would print five megabytes.
    expect(text.startsWith(message.slice(0, MAX_RESPONSE_BYTES / 8))).toBe(true);
    expect(text.slice(MAX_RESPONSE_BYTES / 8)).toMatch(
      /^\n\[cut: the error text was 524\d{4} bytes \(5\.0 MiB\)\]$/,
    );
  });
});

describe("start-up work a server defers to its first tool list", () => {
  it("runs once, after the first tools/list answer, however often the tools are listed", async () => {
    const runs: string[] = [];
    const { server } = createServer({
      name: "t",
      version: "0",
      tools: [sized],
      context: {},
      afterFirstList: () => runs.push("after the first list"),
    });
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    await server.connect(new BoundedStdioTransport(toServer, toClient));
    const client = new Client({ name: "c", version: "0" });
    await client.connect(new BoundedStdioTransport(toClient, toServer));
    const before = [...runs];
    const listed = (await client.listTools()).tools.map((t) => t.name);
    await client.listTools();
    await new Promise((resolve) => setImmediate(resolve));
    expect({ before, listed, runs }).toEqual({
      before: [],
      listed: ["sized"],
      runs: ["after the first list"],
    });
  });
});
