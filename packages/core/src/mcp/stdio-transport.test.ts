import { PassThrough } from "node:stream";
import { serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createServer } from "./create-server.js";
import { defineTool, readOnly } from "./define-tool.js";
import { BoundedStdioTransport } from "./stdio-transport.js";

// A real server on a real pair of streams, driven line by line as a client would.
const echo = defineTool({
  name: "echo",
  title: "Echo",
  description: "Returns its text.",
  input: { text: z.string() },
  annotations: readOnly,
  run: ({ text }) => ({ text }),
});

let stdin: PassThrough;
let received: unknown[];
let closed: boolean;

async function serve(maxMessageBytes?: number): Promise<BoundedStdioTransport> {
  stdin = new PassThrough();
  const stdout = new PassThrough();
  received = [];
  closed = false;
  let pending = "";
  stdout.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    for (let at = pending.indexOf("\n"); at !== -1; at = pending.indexOf("\n")) {
      received.push(JSON.parse(pending.slice(0, at)));
      pending = pending.slice(at + 1);
    }
  });
  const transport = new BoundedStdioTransport(stdin, stdout, maxMessageBytes);
  const { server } = createServer({ name: "t", version: "0", tools: [echo], context: {} });
  await server.connect(transport);
  transport.onclose = () => {
    closed = true;
  };
  return transport;
}

/** Waits until `count` messages came back (the server answers asynchronously). */
async function answers(count: number): Promise<unknown[]> {
  while (received.length < count) await new Promise((r) => setImmediate(r));
  return received;
}

const call = (id: number, text: string) =>
  `${JSON.stringify({ method: "tools/call", params: { name: "echo", arguments: { text } }, jsonrpc: "2.0", id })}\n`;

afterEach(() => stdin?.destroy());

describe("a request over the message limit", () => {
  it("is answered with an error for its id, and the next request on the same stream is served", async () => {
    await serve(64 * 1024);
    const huge = call(1, "x".repeat(200_000));
    // Streamed in pieces, as a pipe delivers it.
    for (let at = 0; at < huge.length; at += 16_384) stdin.write(huge.slice(at, at + 16_384));
    stdin.write(call(2, "next"));
    expect(await answers(2)).toEqual([
      {
        jsonrpc: "2.0",
        id: 1,
        error: {
          code: -32600,
          message: `Request too large: ${huge.length - 1} bytes (0.2 MiB) in one message, over the limit of 65536 bytes (0.1 MiB). It was discarded unread and the session goes on: send less in one call.`,
          data: { bytes: huge.length - 1, limit_bytes: 65536 },
        },
      },
      {
        jsonrpc: "2.0",
        id: 2,
        result: { content: [{ type: "text", text: '{"text":"next"}' }], structuredContent: { text: "next" } },
      },
    ]);
    expect(closed).toBe(false);
  });

  it("is answered with id null when neither end of the line shows an id", async () => {
    await serve(1024);
    stdin.write(`{"params":{"p":"${"y".repeat(5000)}"}}\n`);
    expect(await answers(1)).toMatchObject([{ jsonrpc: "2.0", id: null, error: { code: -32600 } }]);
  });
});

describe("an answer over the message limit", () => {
  it("is replaced by an error for the same id instead of a line the client would close on", async () => {
    const transport = await serve(1024);
    const answer = { jsonrpc: "2.0" as const, id: 9, result: { blob: "z".repeat(4096) } };
    await transport.send(answer);
    const bytes = JSON.stringify(answer).length + 1;
    expect(await answers(1)).toEqual([
      {
        jsonrpc: "2.0",
        id: 9,
        error: {
          code: -32603,
          message: `The answer was ${bytes} bytes (0.0 MiB), over the limit of 1024 bytes (0.0 MiB) a client reads in one message, so it was not sent. Ask for less in one call.`,
          data: { bytes, limit_bytes: 1024 },
        },
      },
    ]);
  });
});

describe("malformed lines", () => {
  it("are skipped as the SDK's transport skips them, and the session goes on", async () => {
    await serve();
    stdin.write("not json\n\n{}\n");
    stdin.write(call(3, "still here"));
    expect(await answers(1)).toMatchObject([
      { id: 3, result: { structuredContent: { text: "still here" } } },
    ]);
  });
});

describe("the bytes written", () => {
  it("are the SDK's wire format exactly, characters of every width included", async () => {
    const stdout = new PassThrough();
    const chunks: Buffer[] = [];
    stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    const transport = new BoundedStdioTransport(new PassThrough(), stdout);
    const message = {
      jsonrpc: "2.0" as const,
      id: 7,
      result: { text: 'naïve → 数据库 🚀 "quoted"\n\ttab \u2028 end' },
    };
    await transport.send(message);
    expect(Buffer.concat(chunks).equals(Buffer.from(serializeMessage(message), "utf8"))).toBe(true);
  });
});
