// A stdio server's start: it answers the tool list before the rule files' first look (mcp/server.ts,
// ArchonContext.settle), and no tool answers before that look has absorbed what a pull brought.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, openDatabase } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { commitAll, git } from "../test-support/git.js";
import { runCli } from "../test-support/run-cli.js";
import { type ConnectedClient, connectArchon, textOf } from "../test-support/stdio-client.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";

const RULE_FILE = ".archon/rules/api-errors.md";
const BEFORE = "Return typed errors.";
const PULLED = "Throw ApiError with a status code.";

let root: string;
let server: ConnectedClient | undefined;
let lock: Db | undefined;

/**
 * A project whose database absorbed the first commit of its rule file, then a second commit (a pull)
 * that rewrote the rule and tagged it "security": the database holds the rule as it was before.
 */
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "archon-server-start-"));
  git(root, "init", "-q", "-b", "main");
  writeFileSync(
    join(root, "archon.seed.yaml"),
    `documents:\n  - doc_id: api-errors\n    title: API errors\n    content: ${BEFORE}\n    patterns: ['src/api/**']\n`,
  );
  runCli(root, ["seed", "archon.seed.yaml"]);
  commitAll(root, "rules");
  // Any command absorbs the commit it finds; the database now names the first commit as absorbed.
  runCli(root, ["stats"]);
  const file = join(root, RULE_FILE);
  const pulled = readFileSync(file, "utf8")
    .replace(BEFORE, PULLED)
    .replace("---\n", "---\ntags:\n  - security\n");
  writeFileSync(file, pulled);
  commitAll(root, "a teammate's change, pulled");
});
afterEach(async () => {
  lock?.close();
  lock = undefined;
  await server?.close();
  server = undefined;
  rmSync(root, { recursive: true, force: true });
});

const connect = () =>
  connectArchon({ surface: "agent", dbPath: join(root, ".archon", "archon.db"), projectRoot: root });

describe("a server started while another process writes to the database", () => {
  it("lists its tools without waiting for the write lock, then compiles the rule the pull brought", async () => {
    // Another process's long write (a seed, an approval) holds the lock the absorb needs.
    lock = openDatabase(join(root, ".archon", "archon.db"));
    lock.exec("BEGIN IMMEDIATE");
    server = await connect();
    const listed = (await server.client.listTools()).tools.map((t) => t.name);
    lock.exec("ROLLBACK");
    const answer = textOf(
      await server.call(`${toolPrefix()}compile_context`, { target_files: ["src/api/users.ts"] }),
    );
    expect({
      listsCompile: listed.includes(`${toolPrefix()}compile_context`),
      pulledRule: answer.includes(PULLED),
      ruleBefore: answer.includes(BEFORE),
    }).toEqual({ listsCompile: true, pulledRule: true, ruleBefore: false });
  });
});

describe("a client that calls a tool without listing the tools first", () => {
  it("is answered from the rules the pull brought", async () => {
    server = await connect();
    const answer = await server.call(`${toolPrefix()}get_known_tags`);
    expect(answer.structuredContent?.tags).toEqual([
      { tag: "security", doc_count: 1, doc_ids: ["api-errors"] },
    ]);
  });
});
