// What the server does around each tool call besides running it: an argument the tool does not take is
// refused by name, and the answer's text is chosen for what the connected client hands its model.
import type { z } from "zod";
import { UserError } from "../errors.js";

/**
 * The refusal for arguments `shape` does not name, or undefined when every one is known. Ignored, a
 * misspelled argument gives a silently different answer (a compile without its plan); an agent learns
 * faster from an error than from a wrong result.
 */
export function unknownArguments(
  toolName: string,
  shape: z.ZodRawShape,
  args: Record<string, unknown>,
): UserError | undefined {
  const unknown = Object.keys(args).filter((key) => !Object.hasOwn(shape, key));
  if (unknown.length === 0) return undefined;
  const accepted = Object.keys(shape);
  const names = unknown.map((key) => JSON.stringify(key)).join(", ");
  return new UserError(
    `${toolName} has no argument${unknown.length > 1 ? "s" : ""} ${names}.`,
    accepted.length > 0
      ? `It takes: ${accepted.join(", ")}. Correct the name, or leave the argument out, and call again.`
      : "It takes no arguments: call it with {}.",
    unknown[0],
  );
}

/**
 * Clients that hand their model a tool answer's structuredContent and never its text, by the name each
 * gives itself in `initialize`. For them the text is a line saying where the result is, so the result
 * crosses the pipe once; any other client gets the text as well, as the specification asks. The
 * evidence for each name is in docs/benchmarks.md ("Bytes on the wire").
 */
const STRUCTURED_ONLY = new Set([
  // Claude Code gives the model JSON.stringify(structuredContent) whenever a result has one.
  "claude-code",
  // Codex: FunctionCallOutputPayload::from(&CallToolResult) serializes structured_content when present.
  "codex-mcp-client",
]);

/** True when the named client's model reads structuredContent alone; false for any client not listed. */
export function readsStructuredOnly(clientName: string | undefined): boolean {
  return clientName !== undefined && STRUCTURED_ONLY.has(clientName);
}
