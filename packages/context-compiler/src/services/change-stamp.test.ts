import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KnowledgeDb } from "../store/knowledge-db.js";
import { ChangeStamp, readChangeCounter } from "./change-stamp.js";

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

describe("the change stamp of a database file", () => {
  it("moves by one with each commit, from any connection", () => {
    const start = readChangeCounter(path) as number;
    write(other, "a");
    const afterOne = readChangeCounter(path);
    write(server, "b");
    expect({ afterOne, afterTwo: readChangeCounter(path), memory: readChangeCounter(":memory:") }).toEqual({
      afterOne: start + 1,
      afterTwo: start + 2,
      memory: undefined,
    });
  });

  it("is unchanged until another connection commits, and never before its first reads", () => {
    const stamp = new ChangeStamp(path);
    const beforeReads = stamp.unchanged();
    stamp.settle();
    const quiet = [stamp.unchanged(), stamp.unchanged()];
    write(other, "a");
    const afterWrite = [stamp.unchanged(), stamp.unchanged()];
    stamp.settle();
    const settled = stamp.unchanged();
    stamp.forget();
    expect({ beforeReads, quiet, afterWrite, settled, forgotten: stamp.unchanged() }).toEqual({
      beforeReads: false,
      quiet: [true, true],
      afterWrite: [false, false],
      settled: true,
      forgotten: false,
    });
  });

  it("takes the audit writer's announced commit as no change, and not a commit after it or a stale word", () => {
    let base: number | undefined;
    const stamp = new ChangeStamp(path, () => base);
    stamp.settle();
    // The writer announces the counter it starts from, then commits.
    base = readChangeCounter(path);
    write(other, "audit rows");
    const announced = stamp.unchanged();
    // Another commit after the writer's: the word no longer covers it.
    write(server, "a tag");
    const afterForeign = stamp.unchanged();
    stamp.settle();
    // A word about an older counter covers nothing now.
    write(other, "someone else");
    expect({ announced, afterForeign, stale: stamp.unchanged() }).toEqual({
      announced: true,
      afterForeign: false,
      stale: false,
    });
  });
});
