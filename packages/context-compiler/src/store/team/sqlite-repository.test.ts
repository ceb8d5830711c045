// The SQLite dialect's write lock across processes: a write waits for another process's transaction and
// numbers its call after the row that transaction committed.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { canonicalJson } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { openTeamRepository } from "./open-team-repository.js";
import type { LoggedCall } from "./team-repository.js";

const PACKAGE_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const call = (n: number): Omit<LoggedCall, "seq"> => ({
  call_id: `call_${n}`,
  tool: "propose_document",
  args: canonicalJson({ n }),
  actor: n === 1 ? "other process" : "ana",
  at: `2026-01-01T00:00:0${n}.000Z`,
  idempotency_key: null,
  knowledge_version: 0,
});

// Another process takes SQLite's write lock, says so, and commits seq 1 a moment after a line on stdin (the
// moment lets this process get to its BEGIN IMMEDIATE and wait; the result is the same if it does not).
const HOLDER = `
const Database = require("better-sqlite3");
const db = new Database(process.argv[1]);
db.pragma("busy_timeout = 10000");
db.exec("BEGIN IMMEDIATE");
db.prepare("INSERT INTO call_log (seq, call_id, tool, args, actor, at, idempotency_key, knowledge_version) VALUES (1, @call_id, @tool, @args, @actor, @at, @idempotency_key, @knowledge_version)").run(JSON.parse(process.argv[2]));
process.stdout.write("locked\\n");
process.stdin.once("data", () => setTimeout(() => { db.exec("COMMIT"); db.close(); process.exit(0); }, 300));
`;

describe("a SQLite team store written by two processes", () => {
  it("makes a write wait for the other process's transaction and number its call after that one's", async () => {
    const dir = mkdtempSync(join(tmpdir(), "archon-team-lock-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, "team.db");
    const repo = await openTeamRepository(`sqlite:${file}`);
    cleanups.push(() => repo.close());

    const holder = spawn(process.execPath, ["-e", HOLDER, file, JSON.stringify(call(1))], {
      cwd: PACKAGE_ROOT,
    });
    const exited = new Promise((resolve) => holder.once("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      holder.stdout.once("data", () => resolve());
      holder.once("exit", (code) => reject(new Error(`the holder exited with ${code}`)));
    });
    // The holder commits once it reads this line; until then BEGIN IMMEDIATE below waits (busy_timeout).
    // The line is written before the write starts, since the wait blocks this process's event loop.
    holder.stdin.write("commit\n");
    const logged = await repo.write((log) => log.append(call(2)));
    expect(await exited).toBe(0);

    expect(logged).toStrictEqual({ seq: 2, ...call(2) });
    expect(await repo.callsAfter(0, 10)).toStrictEqual([
      { seq: 1, ...call(1) },
      { seq: 2, ...call(2) },
    ]);
  });
});
