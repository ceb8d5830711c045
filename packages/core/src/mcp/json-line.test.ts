import { serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonLine } from "./json-line.js";

const isAscii = (line: Buffer) => line.every((byte) => byte < 0x80);
const decoded = (line: Buffer) => JSON.parse(line.toString("utf8"));
const sdkBytes = (message: object) => Buffer.from(serializeMessage(message as JSONRPCMessage), "utf8");

/** An answer shaped like a broad compile's: many documents, a long text block, a few characters outside ASCII. */
function broadAnswer(extra: string): object {
  const documents = Array.from({ length: 300 }, (_, i) => ({
    doc_id: `doc-${i}`,
    content: `Rule ${i}: validate input at the boundary${i % 50 === 0 ? extra : ""}. `.repeat(8),
    relevance: i / 300,
  }));
  return {
    jsonrpc: "2.0",
    id: 9,
    result: {
      content: [{ type: "text", text: `# Context${extra}\n${"line of rendered text\n".repeat(6000)}` }],
      structuredContent: { documents, warnings: [] },
    },
  };
}

describe("jsonLine", () => {
  it("writes an ASCII answer as exactly the SDK's wire format, split into pieces or not", () => {
    const message = broadAnswer("");
    expect(jsonLine(message).equals(sdkBytes(message))).toBe(true);
    expect(jsonLine(message, 64).equals(sdkBytes(message))).toBe(true);
  });

  it("escapes a few characters outside ASCII, so the line is ASCII and decodes to the same message", () => {
    const message = broadAnswer(' naïve → 数据库 🚀 "quoted" \u2028 \ud800 end');
    const line = jsonLine(message);
    expect(isAscii(line)).toBe(true);
    expect(line.toString("latin1")).toContain("\\u2192");
    expect(decoded(line)).toEqual(message);
    expect(line.at(-1)).toBe(0x0a);
  });

  it("writes a small answer as JSON.stringify makes it, characters outside ASCII included", () => {
    const message = { jsonrpc: "2.0", id: 2, result: { text: `naïve → ${"rule text ".repeat(500)}` } };
    expect(jsonLine(message).equals(sdkBytes(message))).toBe(true);
  });

  it("writes text mostly outside ASCII as UTF-8, byte for byte what the SDK writes", () => {
    const message = { jsonrpc: "2.0", id: 1, result: { text: "规则：在边界处校验输入。".repeat(20_000) } };
    const line = jsonLine(message);
    expect(isAscii(line)).toBe(false);
    expect(line.equals(sdkBytes(message))).toBe(true);
    expect(jsonLine(message, 7).equals(sdkBytes(message))).toBe(true);
  });

  it("decodes to what JSON.stringify's text decodes to, for any value and any piece size", () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: "binary" }), fc.integer({ min: 1, max: 64 }), (value, piece) => {
        const line = jsonLine({ value }, piece);
        expect(decoded(line)).toEqual(JSON.parse(JSON.stringify({ value })));
        if (isAscii(Buffer.from(JSON.stringify({ value }), "utf8")))
          expect(line.toString("latin1")).toBe(`${JSON.stringify({ value })}\n`);
      }),
    );
  });
});
