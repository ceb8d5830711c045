import { openDatabase } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../../context/archon-context.js";
import { setDocTags } from "../../knowledge/set-doc-tags.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const recorded = (path: string) => {
  const db = openDatabase(path);
  try {
    return db.prepare("SELECT snapshot_id, knowledge_hash FROM snapshots ORDER BY knowledge_version").all();
  } finally {
    db.close();
  }
};

/**
 * Three versions written by today's code, then the database taken back to the schema before migration 23:
 * the column dropped and the migration unrecorded, as a database archon wrote before it looks.
 */
function databaseBeforeSnapshotHashes(): { compiled: string[]; written: unknown[] } {
  const ctx = project.context();
  const compiled: string[] = [];
  const compile = () => compiled.push(ctx.compiler.compile({ target_files: ["src/a.ts"] }).knowledge_hash);
  seed(ctx, { documents: [doc("a", { patterns: ["src/**"] })] });
  compile();
  seed(ctx, { documents: [doc("a", { patterns: ["src/**"], content: "Changed." })], layer_rules: [] });
  setDocTags(writeContext(ctx), "a", ["auth"]);
  seed(ctx, { documents: [doc("b", { patterns: ["src/**"], description: "the b rule" })] });
  compile();
  ctx.close();
  const written = recorded(project.dbPath);
  const db = openDatabase(project.dbPath);
  db.exec("ALTER TABLE snapshots DROP COLUMN knowledge_hash; DELETE FROM schema_migrations WHERE id = 23;");
  db.close();
  return { compiled, written };
}

describe("migration 23 on a database with snapshots", () => {
  it("gives every snapshot the knowledge_hash it would have recorded, and keeps snapshots immutable", () => {
    const { compiled, written } = databaseBeforeSnapshotHashes();
    project.context().close();
    const db = openDatabase(project.dbPath);
    let update: unknown;
    try {
      db.prepare("UPDATE snapshots SET knowledge_hash = 'x'").run();
    } catch (error) {
      update = (error as Error).message;
    } finally {
      db.close();
    }
    expect({ backfilled: recorded(project.dbPath), update }).toEqual({
      backfilled: written,
      update: "snapshots are immutable (INV-3)",
    });
    // The first and the last compile each ran against the newest snapshot of their time, with its catalog.
    expect(written).toEqual([
      { snapshot_id: "snap_v1", knowledge_hash: compiled[0] },
      { snapshot_id: "snap_v2", knowledge_hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      { snapshot_id: "snap_v3", knowledge_hash: compiled[1] },
    ]);
  });
});
