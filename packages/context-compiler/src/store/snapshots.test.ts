import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { setTemplateDocument } from "./init-manifest.js";
import { latestSnapshot, readSnapshotManifest, snapshotKnowledge } from "./snapshots.js";
import { readRevisions } from "./version.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

describe("a snapshot and the tag catalog", () => {
  it("carry the tag catalog of their version, and a tag write alone writes none", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("a", { tags: ["auth", "db"] }), doc("b", { tags: ["auth"] })] });
    seed(ctx, { documents: [doc("a", { tags: ["db"] }), doc("b", { tags: ["auth"] })] });
    const db = ctx.kdb.db;
    expect({
      tags: readSnapshotManifest(db, "snap_v1")?.tags,
      snapshots: db.prepare("SELECT snapshot_id FROM snapshots").pluck().all(),
      revisions: readRevisions(db),
    }).toEqual({
      tags: [
        { tag: "auth", doc_id: "a" },
        { tag: "auth", doc_id: "b" },
        { tag: "db", doc_id: "a" },
      ],
      snapshots: ["snap_v1"],
      revisions: { knowledge_version: 1, tag_catalog_rev: 3, template_rev: 0 },
    });
  });
});

describe("a snapshot and the knowledge it compiled against", () => {
  it("records the knowledge_hash a compile against it reports, template documents marked as the compile marks them", () => {
    const ctx = project.context();
    seed(ctx, {
      documents: [doc("a", { patterns: ["src/**"], tags: ["auth"] }), doc("b", { patterns: ["src/**"] })],
    });
    ctx.kdb.db.transaction(() => setTemplateDocument(ctx.kdb.db, "b", true, "0".repeat(64)))();
    seed(ctx, { documents: [doc("c", { patterns: ["lib/**"], description: "helpers" })] });
    const compiled = ctx.compiler.compile({ target_files: ["src/x.ts"] });
    expect({
      latest: latestSnapshot(ctx.kdb.db),
      check: snapshotKnowledge(ctx.kdb.db, "snap_v2"),
    }).toEqual({
      latest: {
        snapshot_id: "snap_v2",
        knowledge_version: 2,
        created_at: "2026-11-29T12:00:00.000Z",
        manifest_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        knowledge_hash: compiled.knowledge_hash,
      },
      check: { recorded: compiled.knowledge_hash, now: compiled.knowledge_hash },
    });
  });
});
