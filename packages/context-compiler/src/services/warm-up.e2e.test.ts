// The idle-time warm-up in a real server process: it runs after start with nobody asking, and what it
// leaves is a cache of what the same knowledge gives anyway (P-1).
import { readFileSync } from "node:fs";
import { openDatabase } from "@archon/core";
import type { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compileContextTool } from "../mcp/agent/compile-context.tool.js";
import { deterministicPart } from "../test-support/deterministic-part.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { type ConnectedClient, connectArchon } from "../test-support/stdio-client.js";
import { WARM_UP_CHANNEL } from "./warm-up.js";

let project: TestProject;
const clients: ConnectedClient[] = [];
const open = async (env?: Record<string, string>) => {
  const c = await connectArchon({ surface: "agent", dbPath: project.dbPath, projectRoot: project.root, env });
  clients.push(c);
  return c;
};

const SIGNAL = new URL("../test-support/warm-up-signal.mjs", import.meta.url).href;
/** A server that says on stderr when its warm-up finished a round (test-support/warm-up-signal.mjs). */
const openSignalling = () => open({ NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${SIGNAL}` });

/** Resolves once the server has said its warm-up finished; rejects if it exits first. */
function warmedUp(c: ConnectedClient): Promise<void> {
  const stderr = (c.client.transport as StdioClientTransport).stderr;
  return new Promise((resolve, reject) => {
    let said = "";
    stderr?.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes(`${WARM_UP_CHANNEL} `)) resolve();
    });
    stderr?.on("end", () => reject(new Error(`The server exited before its warm-up finished: ${said}`)));
  });
}

beforeEach(() => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  const ctx = project.context();
  seed(ctx, {
    documents: [
      doc("api-rule", { patterns: ["src/api/**"], content: "Validate every request body." }),
      doc("session-rules", { patterns: ["src/**/*.ts"], content: "Rotate session tokens on login." }),
    ],
  });
  ctx.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  project.cleanup();
});

const request = { target_files: ["src/api/users.ts"], plan: "validate the users request body" };

describe("a server left idle after start", () => {
  it("has read the knowledge before its first request without writing a byte, and answers as a server asked at once", async () => {
    const before = readFileSync(project.dbPath);
    const idle = await openSignalling();
    await warmedUp(idle);
    const untouched = readFileSync(project.dbPath).equals(before);
    const asked = await open();
    const atOnce = await asked.result(compileContextTool, request);
    // Content is immutable per hash: only a test rewrites a row, to see who had read it already.
    const db = openDatabase(project.dbPath);
    db.prepare("UPDATE content_blobs SET content = ? WHERE content = ?").run(
      "Rewritten after the warm-up.",
      "Rotate session tokens on login.",
    );
    db.close();
    const warmed = await idle.result(compileContextTool, request);
    const late = await (await open()).result(compileContextTool, request);
    const inline = (r: typeof warmed) => r.base.documents.map((d) => d.content);
    expect({
      untouched,
      same: deterministicPart(warmed) === deterministicPart(atOnce),
      warmed: inline(warmed),
      late: inline(late),
    }).toEqual({
      untouched: true,
      same: true,
      warmed: ["Validate every request body.", "Rotate session tokens on login."],
      late: ["Validate every request body.", "Rewritten after the warm-up."],
    });
  });
});
