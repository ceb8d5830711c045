// The session id of a server run, learned from the hooks: each "client" below is its own process that, as
// Claude Code does, runs the sync-rules hook with its session's JSON and starts an agent server over stdio.
// Two clients in one project get their own session on their own run; without a hook, ARCHON_SESSION_ID.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { manualClock } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recall } from "../memory/recall.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { ARCHON_BIN } from "../test-support/stdio-client.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const sdk = (path: string) => pathToFileURL(require.resolve(`@modelcontextprotocol/sdk/${path}`)).href;

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  project.write(".archon/rules.md", "");
  seed(project.context(), { documents: [doc("api", { patterns: ["src/api/**"] })] });
});
afterEach(() => project.cleanup());

/** A client process: the hook first (when given its input), then one compile through its own server. */
function clientScript(hookInput: unknown, file: string): string {
  return `
import { execFileSync } from "node:child_process";
import { Client } from ${JSON.stringify(sdk("client/index.js"))};
import { StdioClientTransport } from ${JSON.stringify(sdk("client/stdio.js"))};
const [bin, root, db] = process.argv.slice(1);
const hookInput = ${JSON.stringify(hookInput)};
if (hookInput) execFileSync(process.execPath, [bin, "--project-root", root, "--db", db, "sync-rules", "--hook"], { input: JSON.stringify(hookInput) });
const transport = new StdioClientTransport({ command: process.execPath, args: [bin, "--surface", "agent", "--db", db, "--project-root", root], env: process.env, stderr: "pipe" });
const client = new Client({ name: "client", version: "0" });
await client.connect(transport);
const tools = await client.listTools();
const name = tools.tools.find((t) => t.name.endsWith("compile_context")).name;
const r = await client.callTool({ name, arguments: { target_files: [${JSON.stringify(file)}] } });
process.stdout.write(JSON.stringify(r.structuredContent.compile_id));
await client.close();
`;
}

async function client(hookInput: unknown, file: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ["--input-type=module", "-e", clientScript(hookInput, file), ARCHON_BIN, project.root, project.dbPath],
    { env: { ...process.env, ARCHON_SESSION_ID: "", ...env } },
  );
  return JSON.parse(stdout) as string;
}

function sessions(): { run_id: string; session_id: string | null }[] {
  const db = project.context().kdb.db;
  return recall(db, {}, manualClock("2026-11-29T12:00:00.000Z"))
    .runs.map((r) => ({ run_id: r.run_id, session_id: r.session_id }))
    .sort((a, b) => (a.run_id < b.run_id ? -1 : 1));
}

const runOf = (compileId: string) => compileId.replace(/^cmp_/, "run_");

describe("the session id of a server run", () => {
  it("comes from the hook input of the same client, two sessions in one project kept apart", async () => {
    const [a, b] = await Promise.all([
      client({ hook_event_name: "SessionStart", session_id: "sess-a", source: "startup" }, "src/api/a.ts"),
      client({ hook_event_name: "SessionStart", conversation_id: "conv-b" }, "src/api/b.ts"),
    ]);
    expect(sessions()).toEqual(
      [
        { run_id: runOf(a), session_id: "sess-a" },
        { run_id: runOf(b), session_id: "conv-b" },
      ].sort((x, y) => (x.run_id < y.run_id ? -1 : 1)),
    );
  });

  it("falls back to ARCHON_SESSION_ID, and to none, when no hook of the client said it", async () => {
    await client({ hook_event_name: "SessionStart", session_id: "sess-other" }, "src/api/a.ts");
    const fromEnv = await client(null, "src/api/b.ts", { ARCHON_SESSION_ID: "env-session" });
    const none = await client(null, "src/api/c.ts");
    const byRun = new Map(sessions().map((s) => [s.run_id, s.session_id]));
    expect([byRun.get(runOf(fromEnv)), byRun.get(runOf(none))]).toEqual(["env-session", null]);
  });
});
