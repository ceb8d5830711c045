import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setTemplateDocument } from "../store/init-manifest.js";
import { snapshotKnowledge } from "../store/snapshots.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { replayLog } from "./replay.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

describe("eval --replay and the knowledge a snapshot recorded", () => {
  it("reports nothing while every snapshot still gives the knowledge_hash it recorded", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("a", { patterns: ["src/**"] })] });
    ctx.compiler.compile({ target_files: ["src/a.ts"] });
    expect(replayLog(ctx.kdb, ctx.compiler)).toEqual({ replayed: 1, same: 1, differences: [] });
  });

  it("names the recorded and the recomputed hash when the snapshot no longer gives what was recorded", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("a", { patterns: ["src/**"] }), doc("b", { patterns: ["src/**"] })] });
    const logged = ctx.compiler.compile({ target_files: ["src/a.ts"] });
    const old = ctx.compiler.compile({ target_files: ["src/b.ts"] });
    ctx.compiler.flushAudit();
    const db = ctx.kdb.db;
    // A row logged before migration 21 names no knowledge_hash: its snapshot's recorded one stands in.
    db.prepare("UPDATE compile_log SET knowledge_hash = NULL WHERE compile_id = ?").run(old.compile_id);
    // Template membership is not in a snapshot: counting a rule as a template's since changes what it gives.
    db.transaction(() => setTemplateDocument(db, "b", true, "0".repeat(64)))();
    const now = snapshotKnowledge(db, "snap_v1")?.now;
    const report = replayLog(ctx.kdb, ctx.compiler);
    const changed = (compile_id: string) => ({
      compile_id,
      kind: "knowledge_changed",
      logged: { result_hash: expect.stringMatching(/^[0-9a-f]{64}$/), error: null },
      replayed: { result_hash: expect.stringMatching(/^[0-9a-f]{64}$/), error: null },
      knowledge: { recorded: logged.knowledge_hash, replayed: now },
    });
    expect(now).not.toBe(logged.knowledge_hash);
    expect(report).toEqual({
      replayed: 2,
      same: 0,
      differences: [changed(logged.compile_id), changed(old.compile_id)],
    });
  });
});
