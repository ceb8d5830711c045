import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createServer } from "./create-server.js";
import { defineTool, readOnly } from "./define-tool.js";
import { BoundedStdioTransport } from "./stdio-transport.js";

// A tool that answers with the arguments it ran with, and one that takes none.
const echo = defineTool({
  name: "echo",
  title: "Echo",
  description: "Answers its arguments.",
  input: { plan: z.string().optional(), files: z.array(z.string()) },
  annotations: readOnly,
  run: (args) => ({ ran_with: args }),
});
const bare = defineTool({
  name: "bare",
  title: "Bare",
  description: "Takes nothing.",
  input: {},
  annotations: readOnly,
  run: () => ({ ok: true }),
});

async function connect() {
  const { server } = createServer({
    name: "t",
    version: "0",
    tools: [echo, bare],
    context: {},
    prefix: "t_",
  });
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  await server.connect(new BoundedStdioTransport(toServer, toClient));
  const client = new Client({ name: "c", version: "0" });
  await client.connect(new BoundedStdioTransport(toClient, toServer));
  return async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
}

describe("an argument the tool does not take", () => {
  it("is refused with an error naming it and the arguments the tool takes, and the tool does not run", async () => {
    const call = await connect();
    expect(await call("t_echo", { plna: "add paging", files: ["a.ts"] })).toEqual({
      content: [
        {
          type: "text",
          text: 't_echo has no argument "plna".\nHint: It takes: plan, files. Correct the name, or leave the argument out, and call again.',
        },
      ],
      isError: true,
    });
  });

  it("names every unknown argument of the call", async () => {
    const call = await connect();
    const answer = await call("t_echo", { files: [], plna: "x", target: "y" });
    expect((answer.content[0] as { text: string }).text.split("\n")[0]).toBe(
      't_echo has no arguments "plna", "target".',
    );
  });

  it("is refused by a tool that takes none, saying so", async () => {
    const call = await connect();
    expect(await call("t_bare", { verbose: true })).toEqual({
      content: [
        {
          type: "text",
          text: 't_bare has no argument "verbose".\nHint: It takes no arguments: call it with {}.',
        },
      ],
      isError: true,
    });
  });
});

describe("a call with only known arguments", () => {
  it("runs with them", async () => {
    const call = await connect();
    expect((await call("t_echo", { plan: "p", files: ["a.ts"] })).structuredContent).toEqual({
      ran_with: { plan: "p", files: ["a.ts"] },
    });
  });
});
