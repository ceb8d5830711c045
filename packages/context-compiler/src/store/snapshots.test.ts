import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { readSnapshotManifest } from "./snapshots.js";
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
      revisions: { knowledge_version: 1, tag_catalog_rev: 3 },
    });
  });
});
