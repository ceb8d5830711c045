// How much one message may carry across stdio, in bytes, and how those sizes read in an error.

const MiB = 1024 * 1024;

/**
 * The largest line either side reads: the SDK's stdio buffer (`STDIO_DEFAULT_MAX_BUFFER_SIZE`), which a
 * client also applies to what it reads, so an answer over it would close the client's side instead.
 */
export const MAX_MESSAGE_BYTES = 10 * MiB;

/**
 * The largest tool answer sent. An answer crosses stdio as text and as structuredContent, and the client
 * counts a partly read next message in the same buffer, so this stays well under MAX_MESSAGE_BYTES.
 */
export const MAX_RESPONSE_BYTES = 4 * MiB;

/** "11534336 bytes (11.0 MiB)": exact for a program, readable for a person. */
export function describeBytes(bytes: number): string {
  return `${bytes} bytes (${(bytes / MiB).toFixed(1)} MiB)`;
}
