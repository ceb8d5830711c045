import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UserError } from "../errors.js";
import { createServer } from "./create-server.js";
import { defineTool, readOnly } from "./define-tool.js";
import { MAX_RESPONSE_BYTES } from "./message-limits.js";

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
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "c", version: "0" });
  await client.connect(clientSide);
  return {
    call: async (name: string, bytes: number) =>
      (await client.callTool({ name, arguments: { bytes } })) as CallToolResult,
  };
}

describe("a tool answer over the size of one response", () => {
  it("comes back as an error naming the tool, the size and the limit, and the next call is answered", async () => {
    const { call } = await connect();
    const answer = await call("t_sized", 3 * 1024 * 1024);
    expect(answer).toEqual({
      content: [
        {
          type: "text",
          text: "The answer of t_sized is 6291542 bytes (6.0 MiB), over the limit of 4194304 bytes (4.0 MiB) for one answer, so it was not sent.\nHint: Ask for less in one call: fewer files or ids, a lower limit or a narrower filter, and split the rest over further calls.",
        },
      ],
      isError: true,
    });
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
    const full = Buffer.byteLength(
      JSON.stringify({ content: [{ type: "text", text: message }], isError: true }),
    );
    expect(await call("t_failing", 5 * 1024 * 1024)).toEqual({
      content: [
        {
          type: "text",
          text: `${message.slice(0, MAX_RESPONSE_BYTES / 8)}\n[cut: the error text was ${full} bytes (5.0 MiB)]`,
        },
      ],
      isError: true,
    });
  });
});
