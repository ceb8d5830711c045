import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KnowledgeDb } from "../store/knowledge-db.js";
import { ChangeStamp } from "./change-stamp.js";

let dir: string;
let path: string;
let server: KnowledgeDb;
let other: KnowledgeDb;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "archon-stamp-"));
  path = join(dir, ".archon", "archon.db");
  server = new KnowledgeDb(path);
  other = new KnowledgeDb(path);
});
afterEach(() => {
  server.close();
  other.close();
  rmSync(dir, { recursive: true, force: true });
});

const write = (kdb: KnowledgeDb, value: string) =>
  kdb.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('stamp_test', ?)").run(value);

describe("the change stamp of a compile path", () => {
  it("is unchanged until a commit, and never before its first reads", () => {
    const stamp = new ChangeStamp(() => server.db);
    const beforeReads = stamp.unchanged();
    stamp.settle();
    const quiet = [stamp.unchanged(), stamp.unchanged()];
    other.db.prepare("SELECT count(*) FROM meta").get();
    const afterOthersRead = stamp.unchanged();
    write(other, "a");
    const afterOthersWrite = [stamp.unchanged(), stamp.unchanged()];
    stamp.settle();
    const settled = stamp.unchanged();
    stamp.forget();
    expect({
      beforeReads,
      quiet,
      afterOthersRead,
      afterOthersWrite,
      settled,
      forgotten: stamp.unchanged(),
    }).toEqual({
      beforeReads: false,
      quiet: [true, true],
      afterOthersRead: true,
      afterOthersWrite: [false, false],
      settled: true,
      forgotten: false,
    });
  });

  it("sees the compile connection's own writes, which SQLite's data_version leaves out", () => {
    const stamp = new ChangeStamp(() => server.db);
    stamp.settle();
    write(server, "a tag");
    expect(stamp.unchanged()).toBe(false);
  });

  it("sees a commit made by another process", () => {
    const stamp = new ChangeStamp(() => server.db);
    stamp.settle();
    const script = `const Database = require("better-sqlite3");
      new Database(process.argv[1]).prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('stamp_test', 'elsewhere')").run();`;
    execFileSync(process.execPath, ["-e", script, path]);
    expect(stamp.unchanged()).toBe(false);
  });
});
