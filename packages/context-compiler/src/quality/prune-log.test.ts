import { manualClock, sequentialIds, UserError } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createArchonContext } from "../context/archon-context.js";
import { appendRead, readReads } from "../hooks/read-log.js";
import { recall } from "../memory/recall.js";
import { recordAutomaticNote } from "../memory/session-notes.js";
import { allAggregates } from "../store/audit-aggregates.js";
import { auditSize } from "../store/audit-reads.js";
import { documentUsage } from "../store/compile-history.js";
import { allNotes } from "../store/memory-notes.js";
import { recordObservation } from "../store/observations.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { evaluate } from "./eval.js";
import { parseOlderThan, pruneLog } from "./prune-log.js";

const DAY = 86_400_000;
let project: TestProject;
const clock = manualClock("2026-11-01T09:00:00.000Z");
const ids = sequentialIds();
let ctx: ReturnType<typeof createArchonContext>;

beforeEach(() => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  seed(project.context(), {
    documents: [
      doc("api", { patterns: ["src/api/**"], depends_on: ["style"] }),
      doc("style", {}),
      doc("web", { patterns: ["src/web/**"] }),
    ],
  });
  ctx = createArchonContext({
    surface: "agent",
    dbPath: project.dbPath,
    projectRoot: project.root,
    clock,
    ids,
  });
});
afterEach(() => {
  ctx.close();
  project.cleanup();
});

/** Compiles on three days, ten days apart, with a near miss (src/api.ts against src/api/**) each time. */
function history() {
  for (let day = 0; day < 3; day++) {
    ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
    ctx.compiler.compile({ target_files: ["src/web/page.ts", "src/api.ts"] });
    clock.advance(10 * DAY);
  }
  ctx.compiler.flushAudit();
}

describe("prune-log folding", () => {
  it("folds exactly the old rows into daily aggregates and deletes them, in one go", () => {
    history();
    const db = ctx.kdb.db;
    const usageBefore = documentUsage(db);
    const evalBefore = evaluate(db);
    const gapsBefore = recall(db, { gaps: true }, clock).gaps?.map(({ files: _f, ...g }) => g);
    const result = pruneLog(db, 15, clock, project.root);
    expect(result).toEqual({
      older_than_days: 15,
      cutoff: "2026-11-16T09:00:00.000Z",
      reads_folded: 0,
      compiles_folded: 4,
      memory_compiles_removed: 4,
      automatic_notes_removed: 0,
      reads_removed: 0,
    });
    expect(auditSize(db).compiles).toBe(2);
    expect(
      allAggregates(db).map((a) => [a.day, a.kind, a.subject, a.compiles, a.inline, a.deferred, a.omitted]),
    ).toEqual([
      ["2026-11-01", "compiles", "*", 2, 0, 0, 0],
      ["2026-11-01", "delivery", "api", 1, 1, 0, 0],
      ["2026-11-01", "delivery", "style", 1, 1, 0, 0],
      ["2026-11-01", "delivery", "web", 1, 1, 0, 0],
      ["2026-11-01", "near_miss", '{"pattern":"src/api/**","doc_ids":["api"]}', 2, 0, 0, 0],
      ["2026-11-01", "near_miss", '{"pattern":"src/web/**","doc_ids":["web"]}', 2, 0, 0, 0],
      ["2026-11-11", "compiles", "*", 2, 0, 0, 0],
      ["2026-11-11", "delivery", "api", 1, 1, 0, 0],
      ["2026-11-11", "delivery", "style", 1, 1, 0, 0],
      ["2026-11-11", "delivery", "web", 1, 1, 0, 0],
      ["2026-11-11", "near_miss", '{"pattern":"src/api/**","doc_ids":["api"]}', 2, 0, 0, 0],
      ["2026-11-11", "near_miss", '{"pattern":"src/web/**","doc_ids":["web"]}', 2, 0, 0, 0],
    ]);
    // What eval reports is the same before and after: it reads the aggregates for the rows that went.
    const evalAfter = evaluate(db);
    expect({ ...evalAfter, compiles: undefined }).toEqual({ ...evalBefore, compiles: undefined });
    expect(evalAfter.compiles).toEqual({ kept: 2, folded: 4, failed: 0 });
    expect(recall(db, { gaps: true }, clock).gaps?.map(({ files: _f, ...g }) => g)).toEqual(gapsBefore);
    // Per-document counts of kept rows plus aggregates equal the counts before.
    const folded = allAggregates(db).filter((a) => a.kind === "delivery");
    const after = documentUsage(db);
    for (const u of usageBefore) {
      const agg = folded.filter((a) => a.subject === u.doc_id).reduce((s, a) => s + a.compiles, 0);
      expect([u.doc_id, (after.find((x) => x.doc_id === u.doc_id)?.compiles ?? 0) + agg]).toEqual([
        u.doc_id,
        u.compiles,
      ]);
    }
  });

  it("prunes automatic session notes past the cutoff and keeps hand-written ones whatever their age", () => {
    const db = ctx.kdb.db;
    recordObservation(
      db,
      { event_type: "session_note", payload: { text: "by hand", files: ["a.ts"] } },
      clock,
      ids,
    );
    recordAutomaticNote(
      db,
      { text: "automatic", outcome: null, files: ["a.ts"], doc_ids: [], run_id: null, session_id: null },
      clock,
      ids,
    );
    clock.advance(30 * DAY);
    expect(pruneLog(db, 15, clock, project.root).automatic_notes_removed).toBe(1);
    expect(allNotes(db).map((n) => [n.text, n.origin])).toEqual([["by hand", "manual"]]);
  });
});

describe("prune-log and the Read hook's records", () => {
  it("drops the reads older than the cutoff and keeps the rest", () => {
    const at = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();
    const early = { path: "docs/a.md", session_id: "s", at: at(0) };
    const late = { path: "docs/b.md", session_id: "s", at: at(20) };
    appendRead(project.root, early);
    appendRead(project.root, late);
    clock.advance(30 * DAY);
    expect(pruneLog(ctx.kdb.db, 15, clock, project.root).reads_removed).toBe(1);
    expect(readReads(project.root)).toEqual([late]);
  });
});

describe("prune-log and the reads eval counts", () => {
  it("folds the reads of the rows it deletes, so eval's read and unnecessary lists are the same after it", () => {
    project.write("docs/api.md", "# API\n");
    project.write("docs/web.md", "# Web\n");
    seed(project.context(), {
      documents: [
        doc("api", { patterns: ["src/api/**"], depends_on: ["style"], source_path: "docs/api.md" }),
        doc("web", { patterns: ["src/web/**"], source_path: "docs/web.md" }),
      ],
    });
    const readAt = (path: string, minutes: number) =>
      appendRead(project.root, {
        path,
        session_id: null,
        at: new Date(clock.now().getTime() + minutes * 60_000).toISOString(),
      });
    // Day 0: web delivered and read (only then: that read goes with the prune). Day 20: api, read.
    const day0 = clock.now().toISOString().slice(0, 10);
    ctx.compiler.compile({ target_files: ["src/web/page.ts"] });
    readAt("docs/web.md", 5);
    clock.advance(20 * DAY);
    ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
    readAt("docs/api.md", 5);
    ctx.compiler.flushAudit();
    clock.advance(10 * DAY);
    const db = ctx.kdb.db;
    const before = evaluate(db, readReads(project.root));
    expect(before.read).toEqual([
      { doc_id: "api", source_path: "docs/api.md", delivered: 1, read: 1 },
      { doc_id: "web", source_path: "docs/web.md", delivered: 1, read: 1 },
    ]);
    expect(before.unnecessary).toEqual([{ doc_id: "style", delivered: 1, inline: 1, deferred: 0 }]);

    const result = pruneLog(db, 15, clock, project.root);
    expect([result.compiles_folded, result.reads_folded, result.reads_removed]).toEqual([1, 1, 1]);
    expect(
      allAggregates(db)
        .filter((a) => a.kind === "read")
        .map((a) => [a.day, a.subject, a.compiles]),
    ).toEqual([[day0, "web", 1]]);
    const after = evaluate(db, readReads(project.root));
    expect({ read: after.read, unnecessary: after.unnecessary }).toEqual({
      read: before.read,
      unnecessary: before.unnecessary,
    });
  });
});

describe("--older-than", () => {
  it("has no default and takes only a whole number of days", () => {
    expect(() => parseOlderThan(undefined)).toThrow(UserError);
    expect(() => parseOlderThan("ten")).toThrow(/whole number/);
    expect(() => parseOlderThan("-1")).toThrow(/whole number/);
    expect(parseOlderThan("90")).toBe(90);
  });
});
