import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { gzipSync } from "node:zlib";
import { canonicalJson, migrate, openDatabase, sha256 } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { canonicalTagCatalog } from "../../read/tag-catalog.js";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { type CompileAudit, readCompileLog } from "../audit.js";
import { readSnapshotManifest } from "../snapshots.js";
import { readRevisions } from "../version.js";
import { migrations } from "./index.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

/** A database as archon wrote it before migration 7: one tagged document, snapshot v1, one logged compile. */
function databaseBeforeTagCatalogs(dbPath: string) {
  mkdirSync(dirname(dbPath), { recursive: true });
  const db = openDatabase(dbPath);
  migrate(
    db,
    migrations.filter((m) => m.id < 7),
  );
  const content = "Rotate session tokens.";
  const hash = sha256(content);
  db.prepare("INSERT INTO content_blobs (content_hash, content) VALUES (?, ?)").run(hash, content);
  db.prepare(
    `INSERT INTO documents (doc_id, title, kind, content_hash, content_bytes, status, source_path, priority,
       created_version, updated_version) VALUES ('sessions', 'Sessions', 'guideline', ?, ?, 'approved', NULL, 100, 1, 1)`,
  ).run(hash, Buffer.byteLength(content));
  db.prepare(
    `INSERT INTO edges (edge_type, source_value, target_doc_id, status, created_version)
     VALUES ('path_requires', 'src/**', 'sessions', 'approved', 1)`,
  ).run();
  db.prepare("INSERT INTO tag_mappings (tag, doc_id) VALUES ('auth', 'sessions')").run();
  db.prepare("UPDATE meta SET value = '1' WHERE key = 'knowledge_version'").run();
  const manifest = canonicalJson({
    knowledge_version: 1,
    documents: [
      {
        doc_id: "sessions",
        title: "Sessions",
        kind: "guideline",
        content_hash: hash,
        source_path: null,
        priority: 100,
      },
    ],
    edges: [{ edge_id: 1, edge_type: "path_requires", source_value: "src/**", target_doc_id: "sessions" }],
    layer_rules: [],
  });
  db.prepare(
    `INSERT INTO snapshots (snapshot_id, knowledge_version, created_at, manifest_hash, manifest)
     VALUES ('snap_v1', 1, '2026-11-01T00:00:00.000Z', ?, ?)`,
  ).run(sha256(manifest), gzipSync(manifest));
  db.prepare(
    `INSERT INTO compile_log (compile_id, created_at, agent_id, status, error, knowledge_version, snapshot_id,
       request, resolved_doc_ids, result_hash, delivery, debug, duration_ms)
     VALUES ('cmp_old', '2026-11-01T00:00:00.000Z', NULL, 'ok', NULL, 1, 'snap_v1', ?, '["sessions"]', ?, '{}', '{}', 1)`,
  ).run(canonicalJson({ target_files: ["src/a.ts"] }), "0".repeat(64));
  db.close();
}

describe("migration 7 on a database that has compiled before", () => {
  it("starts the tag counter, leaves old rows without a catalog, and replays them with none", () => {
    databaseBeforeTagCatalogs(project.dbPath);
    const ctx = project.context("agent");
    const db = ctx.kdb.db;
    const old = readCompileLog(db, "cmp_old") as CompileAudit;
    const replay = ctx.compiler.replay(old);
    expect({
      revisions: readRevisions(db),
      oldHash: old.tag_catalog_hash,
      oldManifestTags: readSnapshotManifest(db, "snap_v1")?.tags,
      replay,
    }).toEqual({
      revisions: { knowledge_version: 1, tag_catalog_rev: 0, template_rev: 0 },
      oldHash: null,
      oldManifestTags: undefined,
      // The snapshot predates recorded tags: it is replayed with an empty catalog, and the old row's
      // hash (of a result shape without tag_catalog_hash) cannot match.
      replay: {
        snapshot_id: "snap_v1",
        tag_catalog_hash: canonicalTagCatalog([]).hash,
        knowledge_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        result_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        error: null,
        same_result: false,
      },
    });
  });

  it("records the catalog of every compile made after it, so those replay exactly", () => {
    databaseBeforeTagCatalogs(project.dbPath);
    const ctx = project.context("agent");
    const r = ctx.compiler.compile({ target_files: ["src/a.ts"], intent_tags: ["auth"] });
    ctx.compiler.flushAudit();
    const audit = readCompileLog(ctx.kdb.db, r.compile_id) as CompileAudit;
    const auth = canonicalTagCatalog([{ tag: "auth", doc_id: "sessions" }]).hash;
    expect([r.tag_catalog_hash, audit.tag_catalog_hash, ctx.compiler.replay(audit)?.same_result]).toEqual([
      auth,
      auth,
      true,
    ]);
  });
});
