// Turning handler outcomes into MCP tool results.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describeError, UserError } from "../errors.js";

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
