import { copyFileSync, rmSync } from "node:fs";
import { openDatabase } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AuditTerms } from "../store/audit-terms.js";
import { handTimers } from "../test-support/hand-timers.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import type { PendingAudit } from "./audit-entry.js";
import { AUDIT_FLUSH_WINDOW_MS, AuditQueue } from "./audit-queue.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

/** A failed compile's row: the smallest entry the audit log takes. */
const entry = (n: number): PendingAudit => ({
  compile_id: `cmp_${n}`,
  created_at: `2026-12-01T10:00:0${n}.000Z`,
  agent_id: null,
  request: { target_files: ["src/a.ts"] },
  knowledge_version: 0,
  snapshot_id: null,
  tag_catalog: null,
  knowledge_hash: null,
  error: "budget_exceeded",
  duration_ms: 1,
});

/** Real SQLite refusing the write, as a full disk or a lock would; a trigger is seen by every connection. */
const REFUSE =
  "CREATE TRIGGER refuse BEFORE INSERT ON compile_log BEGIN SELECT RAISE(ABORT, 'disk says no'); END";

function queueOn(background: boolean) {
  const ctx = project.context("agent");
  const db = ctx.kdb.db;
  const timers = handTimers();
  const queue = new AuditQueue(() => ctx.kdb.db, new AuditTerms(() => ctx.kdb.db), {
    path: ctx.kdb.path,
    background,
    refusal: () => ctx.kdb.writeRefusal(),
    timers: timers.api,
  });
  const logged = () => db.prepare("SELECT compile_id FROM compile_log ORDER BY compile_id").pluck().all();
  return { ctx, db, queue, logged, timers };
}

describe("a batched audit write that fails on the server's thread", () => {
  it("is said in the next compile's warnings, and its row is written with that compile's", () => {
    const { ctx, db, queue, logged, timers } = queueOn(false);
    // The first row is written at once and shows the database takes writes; later rows are batched.
    expect(queue.record(entry(1))).toBeUndefined();
    db.exec(REFUSE);
    expect(queue.record(entry(2))).toBeUndefined();
    // The batch waits out its window before it is written, and the write is refused.
    timers.advance(AUDIT_FLUSH_WINDOW_MS - 1);
    expect(logged()).toEqual(["cmp_1"]);
    timers.advance(1);
    db.exec("DROP TRIGGER refuse");
    expect(queue.record(entry(3))).toBe(
      "An earlier batch of 1 audit row(s) could not be written (disk says no); the rows are kept and retried with this compile's.",
    );
    expect(logged()).toEqual(["cmp_1", "cmp_2", "cmp_3"]);
    expect(queue.record(entry(4))).toBeUndefined();
    ctx.close();
  });
});

describe("the background audit writer", () => {
  it("writes rows from its own connection, and a clean close leaves none behind", () => {
    const { ctx, queue, logged } = queueOn(true);
    for (let n = 1; n <= 5; n++) expect(queue.record(entry(n))).toBeUndefined();
    expect(queue.close()).toBeUndefined();
    expect(logged()).toEqual(["cmp_1", "cmp_2", "cmp_3", "cmp_4", "cmp_5"]);
    ctx.close();
  });

  it("says a failed batch in the next compile's warnings and retries it with that compile's row", () => {
    const { ctx, db, queue, logged } = queueOn(true);
    // Written at once on this thread: the compile that meets a refusing database says so itself.
    expect(queue.record(entry(1))).toBeUndefined();
    db.exec(REFUSE);
    expect(queue.record(entry(2))).toBeUndefined();
    expect(queue.flush()).toBeUndefined();
    db.exec("DROP TRIGGER refuse");
    expect(queue.record(entry(3))).toBe(
      "An earlier batch of 1 audit row(s) could not be written (disk says no); the rows are kept and retried with the next.",
    );
    expect(queue.flush()).toBeUndefined();
    expect(logged()).toEqual(["cmp_1", "cmp_2", "cmp_3"]);
    expect(queue.record(entry(4))).toBeUndefined();
    expect(queue.close()).toBeUndefined();
    expect(logged()).toEqual(["cmp_1", "cmp_2", "cmp_3", "cmp_4"]);
    ctx.close();
  });

  it("hands rows over on the turn after the compile, and a flush or a close does not wait for that turn", () => {
    const { ctx, queue, logged, timers } = queueOn(true);
    expect(queue.record(entry(1))).toBeUndefined();
    expect(queue.record(entry(2))).toBeUndefined();
    expect(queue.record(entry(3))).toBeUndefined();
    // One turn hands over both rows queued meanwhile.
    expect(timers.pending().immediates).toBe(1);
    expect(timers.drain()).toBe(1);
    expect(queue.flush()).toBeUndefined();
    expect(logged()).toEqual(["cmp_1", "cmp_2", "cmp_3"]);
    // The next rows' turn never comes: flush and close hand them over themselves.
    expect(queue.record(entry(4))).toBeUndefined();
    expect(queue.flush()).toBeUndefined();
    expect(logged()).toEqual(["cmp_1", "cmp_2", "cmp_3", "cmp_4"]);
    expect(queue.record(entry(5))).toBeUndefined();
    expect(queue.close()).toBeUndefined();
    expect(logged()).toEqual(["cmp_1", "cmp_2", "cmp_3", "cmp_4", "cmp_5"]);
    // A turn left over after the close finds nothing to hand over.
    timers.drain();
    expect(logged()).toHaveLength(5);
    ctx.close();
  });

  it("says a row it could not hash in the next compile's warnings, and writes the rest", () => {
    const { ctx, queue, logged, timers } = queueOn(true);
    expect(queue.record(entry(1))).toBeUndefined();
    // An outcome without its debug part cannot be reduced to what the audit keeps.
    const broken = { ...entry(2), error: null, outcome: {} as PendingAudit["outcome"] };
    expect(queue.record(broken)).toBeUndefined();
    expect(queue.record(entry(3))).toBeUndefined();
    timers.drain();
    expect(queue.record(entry(4))).toMatch(
      /^The audit row of cmp_2 could not be prepared \(.+\); it was not written\.$/,
    );
    expect(queue.close()).toBeUndefined();
    expect(logged()).toEqual(["cmp_1", "cmp_3", "cmp_4"]);
    ctx.close();
  });

  it("reports the first row's failure in that compile's own warnings", () => {
    const { ctx, db, queue, logged } = queueOn(true);
    db.exec(REFUSE);
    expect(queue.record(entry(1))).toBe(
      "The audit row for this compile could not be written (disk says no); the result is still valid and the row will be retried.",
    );
    db.exec("DROP TRIGGER refuse");
    expect(queue.record(entry(2))).toBeUndefined();
    expect(logged()).toEqual(["cmp_1", "cmp_2"]);
    expect(queue.close()).toBeUndefined();
    ctx.close();
  });
});

describe.each([false, true])(
  "rows made while the database file is gone (background writer: %s)",
  (background) => {
    it("wait unwritten, then land in the file put back at the path", () => {
      const { ctx, queue } = queueOn(background);
      const backup = `${ctx.kdb.path}.backup`;
      expect(queue.record(entry(1))).toBeUndefined();
      copyFileSync(ctx.kdb.path, backup);
      rmSync(ctx.kdb.path);
      // Written through the open connection, this row would land in the removed file and be lost.
      expect(queue.record(entry(2))).toBeUndefined();
      expect(queue.flush()).toBeUndefined();
      copyFileSync(backup, ctx.kdb.path);
      expect(queue.record(entry(3))).toBeUndefined();
      expect(queue.flush()).toBeUndefined();
      expect(queue.close()).toBeUndefined();
      const restored = openDatabase(ctx.kdb.path, { readonly: true });
      expect(
        restored.prepare("SELECT compile_id FROM compile_log ORDER BY compile_id").pluck().all(),
      ).toEqual(["cmp_1", "cmp_2", "cmp_3"]);
      restored.close();
      ctx.close();
    });
  },
);
