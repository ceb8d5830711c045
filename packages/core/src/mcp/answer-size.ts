// The one measure of a tool answer's size: the bytes of the JSON-RPC message that carries it, as sent.
import { jsonLine } from "./json-line.js";
import { jsonResult } from "./results.js";

/**
 * An id as long as a numeric id gets: an answer measured with it is no smaller than the same answer sent
 * for any numeric request id.
 */
const LONGEST_NUMERIC_ID = Number.MAX_SAFE_INTEGER;

/**
 * Bytes of the line the stdio transport writes for a successful answer of `data` (text and
 * structuredContent both, as jsonResult makes them): the size the transport holds to MAX_RESPONSE_BYTES,
 * for code that must fit an answer under a bound before it is sent.
 */
export function answerBytes(data: unknown): number {
  return jsonLine({ jsonrpc: "2.0", id: LONGEST_NUMERIC_ID, result: jsonResult(data) }).length;
}
