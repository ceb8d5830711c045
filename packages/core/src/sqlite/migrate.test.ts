import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InternalError } from "../errors.js";
import { type Migration, migrate } from "./migrate.js";
import { openDatabase } from "./open-database.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "archon-core-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const table = (id: number, name: string): Migration => ({
  id,
  name,
  up: (db) => db.exec(`CREATE TABLE ${name} (x)`),
});

describe("opening a database", () => {
  it("creates the parent folder and keeps one file: DELETE journal, no sidecars", () => {
    const path = join(dir, "nested", "deeper", "k.db");
    const db = openDatabase(path);
    db.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1);");
    expect(db.pragma("journal_mode", { simple: true })).toBe("delete");
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    db.close();
    expect(readdirSync(join(dir, "nested", "deeper"))).toEqual(["k.db"]);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });
});

describe("ordered migrations", () => {
  it("applies pending migrations in id order, once, recording each", () => {
    const db = openDatabase(join(dir, "m.db"));
    expect(migrate(db, [table(2, "second"), table(1, "first")])).toEqual([1, 2]);
    expect(migrate(db, [table(1, "first"), table(2, "second"), table(3, "third")])).toEqual([3]);
    const rows = db.prepare("SELECT id, name FROM schema_migrations ORDER BY id").all();
    expect(rows).toEqual([
      { id: 1, name: "first" },
      { id: 2, name: "second" },
      { id: 3, name: "third" },
    ]);
    db.close();
  });

  it("rolls a failing migration back whole and keeps the earlier ones", () => {
    const db = openDatabase(join(dir, "f.db"));
    const broken: Migration = {
      id: 2,
      name: "broken",
      up: (d) => {
        d.exec("CREATE TABLE half (x)");
        d.exec("THIS IS NOT SQL");
      },
    };
    expect(() => migrate(db, [table(1, "first"), broken])).toThrow();
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all();
    expect(tables).toEqual(["first", "schema_migrations"]);
    expect(db.prepare("SELECT id FROM schema_migrations").pluck().all()).toEqual([1]);
    db.close();
  });

  it("refuses two migrations with the same id as a bug, applying neither", () => {
    const db = openDatabase(":memory:");
    expect(() => migrate(db, [table(1, "a"), table(1, "b")])).toThrow(
      new InternalError("duplicate migration id 1"),
    );
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toEqual([]);
  });
});
