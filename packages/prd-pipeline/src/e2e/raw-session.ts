// A bare JSON-RPC session with the built server, for tests that need control over how bytes are written.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { serverEntry } from "../demo/stdio-client.js";

export interface RawSession {
  /** Writes all requests in one chunk and resolves with their responses, in the same order. */
  batch(requests: { method: string; params: unknown }[]): Promise<unknown[]>;
  close(): void;
}

export async function rawSession(projectRoot: string): Promise<RawSession> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [
    serverEntry(),
    "--project-root",
    projectRoot,
    "--evidence-db",
    `${projectRoot}/.archon/evidence.db`,
  ]);
  const waiting = new Map<number, (value: unknown) => void>();
  let buffer = "";
  let nextId = 1;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    buffer += chunk;
    for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      const message = JSON.parse(line) as { id?: number };
      if (message.id !== undefined) waiting.get(message.id)?.(message);
    }
  });
  const batch = (requests: { method: string; params: unknown }[]) => {
    const promises: Promise<unknown>[] = [];
    const lines = requests.map(({ method, params }) => {
      const id = nextId++;
      promises.push(new Promise((resolve) => waiting.set(id, resolve)));
      return `${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`;
    });
    child.stdin.write(lines.join(""));
    return Promise.all(promises);
  };
  await batch([
    {
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
    },
  ]);
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  return { batch, close: () => child.kill() };
}
