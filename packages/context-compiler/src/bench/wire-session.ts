// A JSON-RPC session with a spawned server, line by line and without an SDK client: what the bytes-on-the-
// wire bench reads is the exact line the server wrote, and a round trip includes no client-side validation.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";

export interface WireAnswer {
  /** The answer's line as the server wrote it, newline included. */
  bytes: number;
  message: { result?: Record<string, unknown>; error?: unknown };
}

export class WireSession {
  readonly #child: ChildProcessWithoutNullStreams;
  #buffer = Buffer.alloc(0);
  #next = 1;
  readonly #waiting = new Map<number, (answer: WireAnswer) => void>();

  private constructor(child: ChildProcessWithoutNullStreams) {
    this.#child = child;
    child.stdout.on("data", (chunk: Buffer) => this.#read(chunk));
  }

  /** Spawns `node args…` and initializes as a client named `clientName`, as a host introduces itself. */
  static async open(args: readonly string[], clientName: string): Promise<WireSession> {
    const session = new WireSession(spawn(process.execPath, [...args], { stdio: "pipe" }));
    await session.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: clientName, version: "0" },
    });
    session.#child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`,
    );
    return session;
  }

  request(method: string, params: Record<string, unknown> = {}): Promise<WireAnswer> {
    const id = this.#next++;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      this.#child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.#child.once("exit", resolve));
    this.#child.stdin.end();
    await exited;
  }

  #read(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (let end = this.#buffer.indexOf(0x0a); end >= 0; end = this.#buffer.indexOf(0x0a)) {
      const line = this.#buffer.subarray(0, end + 1);
      this.#buffer = this.#buffer.subarray(end + 1);
      const message = JSON.parse(line.toString("utf8"));
      const resolve = typeof message.id === "number" ? this.#waiting.get(message.id) : undefined;
      if (resolve) {
        this.#waiting.delete(message.id);
        resolve({ bytes: line.length, message });
      }
    }
  }
}
