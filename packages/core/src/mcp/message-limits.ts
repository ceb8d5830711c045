// How much one message and one tool answer may carry, in bytes as sent, and how those sizes read in an error.

const MiB = 1024 * 1024;

/**
 * The largest line either side reads: the SDK's stdio buffer (`STDIO_DEFAULT_MAX_BUFFER_SIZE`), which a
 * client also applies to what it reads, so an answer over it would close the client's side instead.
 */
export const MAX_MESSAGE_BYTES = 10 * MiB;

/**
 * The largest tool answer any server sends, in bytes of its JSON-RPC message (see answer-size.ts). An answer
 * crosses stdio as text and as structuredContent, and the client counts a partly read next message in the
 * same buffer, so this stays well under MAX_MESSAGE_BYTES. The transport refuses an answer over it.
 */
export const MAX_RESPONSE_BYTES = 4 * MiB;

/**
 * The largest answer a server meant to be read whole by a model host sends, in the same bytes: Claude Code
 * refuses a tool answer over 25,000 tokens (its MAX_MCP_OUTPUT_TOKENS), about 100,000 bytes of JSON. The
 * PRD server sheds detail to stay under it, and its answers say what was shed and where the rest is.
 */
export const HOST_ANSWER_BYTES = 100_000;

/** "11534336 bytes (11.0 MiB)": exact for a program, readable for a person. */
export function describeBytes(bytes: number): string {
  return `${bytes} bytes (${(bytes / MiB).toFixed(1)} MiB)`;
}
