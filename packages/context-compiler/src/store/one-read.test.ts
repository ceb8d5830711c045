import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { inOneRead } from "./one-read.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fileDb() {
  const dir = mkdtempSync(join(tmpdir(), "one-read-"));
  dirs.push(dir);
  const path = join(dir, "k.db");
  const db = openDatabase(path);
  db.exec("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1)");
  return { db, path };
}

describe("inOneRead", () => {
  it("holds one shared lock over all its reads, so another connection cannot commit between them", () => {
    const { db, path } = fileDb();
    const other = openDatabase(path, { busyTimeoutMs: 0 });
    const seen = inOneRead(db, () => {
      const first = db.prepare("SELECT v FROM t").pluck().get();
      // DELETE journal mode: a writer needs every reader gone to commit.
      expect(() => other.prepare("UPDATE t SET v = 2").run()).toThrow(/locked|busy/i);
      return [first, db.prepare("SELECT v FROM t").pluck().get()];
    });
    expect(seen).toEqual([1, 1]);
    expect(db.inTransaction).toBe(false);
    other.prepare("UPDATE t SET v = 2").run();
    expect(db.prepare("SELECT v FROM t").pluck().get()).toBe(2);
    other.close();
    db.close();
  });

  it("runs inside a transaction already open without nesting one, and lets an error through", () => {
    const { db } = fileDb();
    db.transaction(() => {
      inOneRead(db, () => db.prepare("INSERT INTO t VALUES (3)").run());
    })();
    expect(db.prepare("SELECT count(*) FROM t").pluck().get()).toBe(2);
    expect(() =>
      inOneRead(db, () => {
        throw new Error("read failed");
      }),
    ).toThrow("read failed");
    expect(db.inTransaction).toBe(false);
    db.close();
  });
});
