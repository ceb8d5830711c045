// Turning handler outcomes into MCP tool results, held under the size one answer may have.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describeError, UserError } from "../errors.js";
import { describeBytes, MAX_RESPONSE_BYTES } from "./message-limits.js";

/**
 * A successful result: the data as structured content, and as text either the tool's own rendering or
 * the same data as compact JSON, for clients that only read text. Compact, because large results cross stdio twice over and every byte is parsed again.
 */
export function jsonResult(data: unknown, text?: string): CallToolResult {
  const structured =
    data !== null && typeof data === "object" && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : { result: data };
  return {
    content: [{ type: "text", text: text ?? JSON.stringify(structured) }],
    structuredContent: structured,
  };
}

/** A failed result the caller can read and act on; never a protocol error. */
export function errorResult(error: unknown): CallToolResult {
  if (!(error instanceof UserError)) {
    process.stderr.write(
      `[archon] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  return { content: [{ type: "text", text: describeError(error) }], isError: true };
}

/**
 * A tool answer of `bytes` as serialized (text and structuredContent both count) when over `limit`: an
 * error saying so, since cutting rules out of a compile would hand the agent a rule set that looks whole;
 * an error's text over the limit is cut, and says where. Undefined when the answer fits. The transport
 * calls this with the size of the line it already serialized, so no answer is serialized twice.
 */
export function oversizedAnswer(
  result: CallToolResult,
  bytes: number,
  toolName: string,
  limit: number = MAX_RESPONSE_BYTES,
): CallToolResult | undefined {
  if (bytes <= limit) return undefined;
  if (result.isError) {
    const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
    // An eighth of the limit in characters stays under it even if each one is serialized as a 6-byte \u escape.
    const kept = text.slice(0, Math.floor(limit / 8));
    return {
      content: [{ type: "text", text: `${kept}\n[cut: the error text was ${describeBytes(bytes)}]` }],
      isError: true,
    };
  }
  return errorResult(
    new UserError(
      `The answer of ${toolName} is ${describeBytes(bytes)}, over the limit of ${describeBytes(limit)} for one answer, so it was not sent.`,
      "Ask for less in one call: fewer files or ids, a lower limit or a narrower filter, and split the rest over further calls.",
    ),
  );
}
