import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { archonCliAsync, startTeamServer, type TeamServerProcess } from "../../bench/team-server-process.js";
import { commitAll } from "../../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";

let project: TestProject;
let server: TeamServerProcess | undefined;
const clients: Client[] = [];

const globals = () => ["--db", project.dbPath, "--project-root", project.root];
/** Files tree-sitter needs about a minute each for (200 KB of empty brackets), each cut at its budget. */
const SLOW_FILES = ["src/nested-a.ts", "src/nested-b.ts", "src/nested-c.ts"];

async function agent(person: string) {
  const r = await archonCliAsync(globals(), [
    "token",
    "create",
    "--person",
    person,
    "--scope",
    "agent",
    "--json",
  ]);
  expect(r.status).toBe(0);
  const secret = (JSON.parse(r.stdout) as { secret: string }).secret;
  const client = new Client({ name: "archon-test", version: "0.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server?.url}/mcp/agent`), {
      requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    }),
  );
  clients.push(client);
  return (name: string, args: Record<string, unknown>) =>
    client.callTool({ name: `archon_${name}`, arguments: args }) as Promise<CallToolResult>;
}

beforeEach(async () => {
  project = tempProject();
  project.write("src/app.ts", "export function main() {}\n");
  for (const path of SLOW_FILES) project.write(path, `export const a = ${"()".repeat(100_000)};\n`);
  commitAll(project.root, "initial", true);
  const ctx = project.context();
  seed(ctx, {
    documents: [
      doc("api-errors", { patterns: ["src/**"], content: "Return typed errors from every route." }),
      doc("no-axios", {
        kind: "constraint",
        patterns: ["src/**"],
        content: 'No axios.\n\n```verify\nforbid_import: ["axios"]\n```\n',
      }),
    ],
  });
  ctx.close();
  server = await startTeamServer(globals());
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  await server?.stop();
  project.cleanup();
});

describe("a verify_done whose files parse slowly on the team server", () => {
  it("does not hold up another user's requests: they are answered while it runs", async () => {
    const dana = await agent("dana");
    const lee = await agent("lee");
    // The grammar loads on a first, ordinary check, so the slow one below goes straight to parsing.
    await dana("verify_done", { changed_files: ["src/app.ts"] });
    const answered: string[] = [];
    const slow = dana("verify_done", { changed_files: SLOW_FILES }).then((result) => {
      answered.push("verify_done");
      return result;
    });
    // One after another, each sent once the last was answered: a server busy parsing answers none of them.
    for (let i = 1; i <= 3; i++) {
      const compiled = await lee("compile_context", { target_files: ["src/app.ts"] });
      const documents = (compiled.structuredContent as { base: { documents: { doc_id: string }[] } }).base
        .documents;
      expect(documents.map((d) => d.doc_id)).toEqual(["api-errors", "no-axios"]);
      answered.push(`compile ${i}`);
    }
    const verdict = (await slow).structuredContent as { verdict: string; warnings: string[] };
    expect(answered).toEqual(["compile 1", "compile 2", "compile 3", "verify_done"]);
    expect({ verdict: verdict.verdict, warnings: verdict.warnings }).toEqual({
      verdict: "pass",
      warnings: [
        ...SLOW_FILES.map(
          (path) =>
            `${path}: not parsed within 2 s (deeply nested brackets make the parser slow), so its imports were not checked.`,
        ),
        "The symbol index is empty, so affected_tests has no import scan (only changed tests and git history): run `archon reindex-symbols`.",
      ],
    });
  });
});
