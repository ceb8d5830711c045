import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answerBytes } from "./answer-size.js";
import { createServer } from "./create-server.js";
import { defineTool, readOnly } from "./define-tool.js";
import { BoundedStdioTransport } from "./stdio-transport.js";

// A tool that answers whatever it is given, behind the real server and stdio transport; every line the
// server writes is kept, so the size of an answer as sent can be read off the wire.
const echo = defineTool({
  name: "echo",
  title: "Echo",
  description: "Answers `value`.",
  input: { value: z.unknown() },
  annotations: readOnly,
  run: ({ value }) => value,
});

async function connect() {
  const { server } = createServer({ name: "t", version: "0", tools: [echo], context: {} });
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const written: Buffer[] = [];
  toClient.on("data", (chunk: Buffer) => written.push(chunk));
  await server.connect(new BoundedStdioTransport(toServer, toClient));
  const client = new Client({ name: "c", version: "0" });
  await client.connect(new BoundedStdioTransport(toClient, toServer));
  /** Calls echo and gives the bytes of the line that carried its answer, and that answer's request id. */
  return async (value: unknown) => {
    written.length = 0;
    await client.callTool({ name: "echo", arguments: { value } });
    const line = Buffer.concat(written);
    const { id } = JSON.parse(line.toString("utf8")) as { id: number };
    return { bytes: line.length, id };
  };
}

describe("the size of an answer as sent", () => {
  it("is the bytes of the line the transport writes, text and structured content both, for any numeric id", async () => {
    const call = await connect();
    const longest = String(Number.MAX_SAFE_INTEGER).length;
    for (const value of [
      { small: "answer" },
      { quoted: '"quotes" and \\ escapes '.repeat(2_000) },
      // Over the size written in pieces, with a few characters outside ASCII sent as \u escapes.
      { large: `${"a".repeat(60_000)}é🙂` },
      [1, 2, 3],
    ]) {
      const { bytes, id } = await call(value);
      expect(answerBytes(value) - (longest - String(id).length)).toBe(bytes);
    }
  });
});
