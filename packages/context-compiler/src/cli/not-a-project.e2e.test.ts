import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminTools } from "../mcp/admin/index.js";
import { agentTools } from "../mcp/agent/index.js";
import { treeHashes } from "../test-support/file-tree.js";
import { commitAll, git } from "../test-support/git.js";
import { personEnv } from "../test-support/person-env.js";
import { runCli } from "../test-support/run-cli.js";
import { ARCHON_BIN, textOf } from "../test-support/stdio-client.js";

// An agent registered for every repository (Codex's global config) starts `archon` in a repository that
// never chose it: archon starts, creates nothing there, and every tool says what to do.

let repo: string;
let top: string;
const clients: Client[] = [];
beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), "archon-not-a-project-"));
  writeFileSync(join(repo, "README.md"), "# Someone else's repository\n");
  commitAll(repo, "first", true);
  top = git(repo, "rev-parse", "--show-toplevel").trim();
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  rmSync(repo, { recursive: true, force: true });
});

const NOT_A_PROJECT = () =>
  `${top} is not an Archon project (it has no .archon/ folder), so archon keeps no state here and has no rules to give.\nHint: Run \`archon setup\` in this folder to make it an Archon project; until then archon changes nothing here.`;

/** The server as a global registration starts it: no flags but the surface, in the repository. */
async function serveHere(surface: "agent" | "admin"): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [ARCHON_BIN, "--surface", surface],
    cwd: repo,
    env: personEnv() as Record<string, string>,
    stderr: "pipe",
  });
  const client = new Client({ name: "global-registration", version: "0.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

describe("a server started in a repository that is no Archon project", () => {
  it.each([
    ["agent", agentTools, "workspace_status"],
    ["admin", adminTools, "get_stats"],
  ] as const)(
    "on the %s surface lists its tools, answers each call with what to do, and creates nothing",
    async (surface, tools, tool) => {
      const before = treeHashes(repo);
      const client = await serveHere(surface);
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name)).toEqual(tools.map((t) => `archon_${t.name}`));
      const answer = (await client.callTool({ name: `archon_${tool}`, arguments: {} })) as CallToolResult;
      expect({ isError: answer.isError, text: textOf(answer) }).toEqual({
        isError: true,
        text: NOT_A_PROJECT(),
      });
      await client.close();
      expect(treeHashes(repo)).toEqual(before);
    },
  );
});

describe("commands that only read or run as hooks in a repository that is no Archon project", () => {
  it("refuse with what to do (hooks fail open with exit 0), status says to set up, and nothing is created", () => {
    const before = treeHashes(repo);
    const run = (...args: string[]) => runCli(repo, args);
    const refused = { code: 1, stdout: "", stderr: `archon: ${NOT_A_PROJECT()}\n` };
    const hook = (command: string) => ({
      code: 0,
      stdout: "",
      stderr: `archon ${command}: ${NOT_A_PROJECT().split("\n")[0]}\n`,
    });
    expect({
      stats: run("stats"),
      doctor: run("doctor"),
      gitHook: run("sync-rules", "--quiet"),
      agentHook: run("sync-rules", "--hook"),
      reindexHook: run("reindex-symbols", "--hook"),
      status: run("status").stdout.split("\n").at(-2),
    }).toEqual({
      stats: refused,
      doctor: refused,
      gitHook: hook("sync-rules"),
      agentHook: hook("sync-rules"),
      reindexHook: hook("reindex-symbols"),
      status: "Next: archon setup  (the knowledge base is empty and there are no rule files to import)",
    });
    expect(treeHashes(repo)).toEqual(before);
  });
});

describe("a command whose purpose is to make the project", () => {
  it("still creates .archon/ and the database", () => {
    writeFileSync(
      join(repo, "archon.seed.yaml"),
      'documents:\n  - doc_id: tabs\n    title: Tabs\n    content: "Use tabs."\n',
    );
    expect(runCli(repo, ["seed", "archon.seed.yaml"])).toMatchObject({ code: 0, stderr: "" });
    expect(existsSync(join(repo, ".archon", "archon.db"))).toBe(true);
  });
});
