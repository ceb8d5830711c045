import { migrate, openDatabase } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { allAggregates, foldReadCounts } from "../audit-aggregates.js";
import { migrations } from "./index.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

describe("migration 17", () => {
  it("keeps every aggregate row of migration 10's table and then takes read counts", () => {
    const db = openDatabase(`${project.root}/old.db`);
    migrate(
      db,
      migrations.filter((m) => m.id < 17),
    );
    db.prepare(
      `INSERT INTO audit_aggregates (day, kind, subject, compiles, inline, deferred, omitted, inline_bytes,
         max_inline_bytes, errors) VALUES ('2026-11-01', 'delivery', 'api', 3, 2, 1, 0, 0, 0, 0),
         ('2026-11-01', 'compiles', '*', 3, 0, 0, 0, 900, 24000, 1)`,
    ).run();
    expect(() => foldReadCounts(db, [{ day: "2026-11-01", doc_id: "api", read: 2 }])).toThrow(/CHECK/);
    expect(
      migrate(
        db,
        migrations.filter((m) => m.id <= 17),
      ),
    ).toEqual([17]);
    foldReadCounts(db, [{ day: "2026-11-01", doc_id: "api", read: 2 }]);
    foldReadCounts(db, [{ day: "2026-11-01", doc_id: "api", read: 1 }]);
    expect(
      allAggregates(db).map((a) => [a.day, a.kind, a.subject, a.compiles, a.inline, a.deferred]),
    ).toEqual([
      ["2026-11-01", "compiles", "*", 3, 0, 0],
      ["2026-11-01", "delivery", "api", 3, 2, 1],
      ["2026-11-01", "read", "api", 3, 0, 0],
    ]);
    db.close();
  });
});
