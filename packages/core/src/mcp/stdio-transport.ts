// The server's stdio transport: the SDK's wire format (one JSON message per line, written by json-line.ts,
// which may \u-escape characters outside ASCII), but no input can end the session. A line over
// the limit is discarded as it streams in and answered with an error for its id; a tool answer over the
// answer limit becomes a tool error saying so (measured on the line serialized once, here), and any
// message over the limit a client reads is replaced by an error, since the client would close on it.
import process from "node:process";
import type { Readable, Writable } from "node:stream";
import { deserializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type CallToolResult,
  ErrorCode,
  type JSONRPCMessage,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import { jsonLine } from "./json-line.js";
import { LineReader, type OversizedLine } from "./line-reader.js";
import { describeBytes, MAX_MESSAGE_BYTES, MAX_RESPONSE_BYTES } from "./message-limits.js";
import { findRequestId } from "./request-id.js";
import { oversizedAnswer } from "./results.js";

export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #reader: LineReader;
  #started = false;
  /** The tool each tools/call request in flight names, by request id, for the answer's size check. */
  readonly #toolCalls = new Map<RequestId, string>();

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly maxMessageBytes: number = MAX_MESSAGE_BYTES,
    private readonly maxAnswerBytes: number = MAX_RESPONSE_BYTES,
  ) {
    this.#reader = new LineReader(maxMessageBytes);
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error("BoundedStdioTransport already started");
    this.#started = true;
    this.stdin.on("data", this.#onData);
    this.stdin.on("error", this.#onError);
  }

  async close(): Promise<void> {
    this.stdin.off("data", this.#onData);
    this.stdin.off("error", this.#onError);
    // Pausing a stream someone else still reads would starve them.
    if (this.stdin.listenerCount("data") === 0) this.stdin.pause();
    this.#reader.clear();
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    // Encoded once: the size checks and the write use the same bytes.
    let line = jsonLine(message);
    const tool = "result" in message ? this.#toolCalls.get(message.id) : undefined;
    if (tool !== undefined && "result" in message) {
      this.#toolCalls.delete(message.id);
      const replaced = oversizedAnswer(
        message.result as CallToolResult,
        line.length,
        tool,
        this.maxAnswerBytes,
      );
      if (replaced) line = jsonLine({ ...message, result: replaced });
    } else if ("error" in message && message.id !== undefined) {
      this.#toolCalls.delete(message.id);
    }
    if (line.length > this.maxMessageBytes) {
      const bytes = line.length;
      const id = "id" in message ? message.id : undefined;
      this.onerror?.(new Error(`Outgoing message of ${describeBytes(bytes)} replaced: over the limit.`));
      // Only an answer can be replaced by an error the peer is waiting for; anything else is dropped.
      if (id === undefined || !("result" in message)) return Promise.resolve();
      line = errorLine(
        id,
        ErrorCode.InternalError,
        `The answer was ${describeBytes(bytes)}, over the limit of ${describeBytes(this.maxMessageBytes)} a client reads in one message, so it was not sent. Ask for less in one call.`,
        { bytes, limit_bytes: this.maxMessageBytes },
      );
    }
    return this.#write(line);
  }

  readonly #onData = (chunk: Buffer): void => {
    for (const line of this.#reader.push(chunk)) {
      if (line.kind === "oversized") this.#refuse(line);
      else if (line.text.trim() !== "") this.#deliver(line.text);
    }
  };

  readonly #onError = (error: Error): void => {
    this.onerror?.(error);
  };

  #deliver(text: string): void {
    try {
      const message = deserializeMessage(text);
      if ("method" in message && message.method === "tools/call" && "id" in message) {
        const name = (message.params as { name?: unknown } | undefined)?.name;
        this.#toolCalls.set(message.id, typeof name === "string" ? name : "the tool");
      }
      this.onmessage?.(message);
    } catch (error) {
      // As the SDK's transport does: a malformed line is reported and skipped.
      this.onerror?.(error as Error);
    }
  }

  #refuse(line: OversizedLine): void {
    const message = `Request too large: ${describeBytes(line.bytes)} in one message, over the limit of ${describeBytes(this.maxMessageBytes)}. It was discarded unread and the session goes on: send less in one call.`;
    this.onerror?.(new Error(message));
    const id = findRequestId(line.head, line.tail);
    const data = { bytes: line.bytes, limit_bytes: this.maxMessageBytes };
    void this.#write(errorLine(id, ErrorCode.InvalidRequest, message, data));
  }

  #write(line: Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(line)) resolve();
      else this.stdout.once("drain", resolve);
    });
  }
}

/** A JSON-RPC error line; `id` may be null, which the SDK's message types do not allow but JSON-RPC does. */
function errorLine(
  id: RequestId | null,
  code: number,
  message: string,
  data: Record<string, number>,
): Buffer {
  return jsonLine({ jsonrpc: "2.0", id, error: { code, message, data } });
}
