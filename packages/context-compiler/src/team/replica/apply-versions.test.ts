import { canonicalJson, InternalError, sha256, UserError } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../../context/archon-context.js";
import { applySeed } from "../../knowledge/apply-seed.js";
import { approveProposal } from "../../knowledge/approval/approve-proposal.js";
import { observe } from "../../knowledge/observations/observe.js";
import { setDocTags } from "../../knowledge/set-doc-tags.js";
import { observationsContext } from "../../mcp/agent/observe.tool.js";
import { readCanonicalRows } from "../../store/snapshots.js";
import { readReplicaState } from "../../store/team/replica.js";
import { deterministicPart } from "../../test-support/deterministic-part.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { readSyncVersions } from "../server/sync-versions.js";
import type { SyncVersion } from "../sync-wire.js";
import { applyVersions } from "./apply-versions.js";
import { follow } from "./replica-role.js";
import { syncReplica } from "./sync-replica.js";

const SERVER = "http://127.0.0.1:7420";
let server: TestProject;
let replica: TestProject;

beforeEach(() => {
  server = tempProject("archon-server-");
  replica = tempProject("archon-replica-");
});
afterEach(() => {
  server.cleanup();
  replica.cleanup();
});

/** Two versions on the server; the second retires one of the first's edges, leaving a gap in the ids. */
function twoServerVersions(): SyncVersion[] {
  const ctx = server.context();
  seed(ctx, {
    documents: [doc("api-errors", { patterns: ["src/api/**", "lib/**"], tags: ["errors"] })],
    layer_rules: [{ pattern: "src/api/**", layer: "api" }],
  });
  seed(ctx, {
    documents: [
      doc("api-errors", { patterns: ["src/api/**"], tags: ["errors", "http"] }),
      doc("db-access", { layers: ["api"], depends_on: ["api-errors"], description: "Queries." }),
    ],
  });
  return readSyncVersions(ctx.kdb.db, 0, 100).versions;
}

const snapshots = (p: TestProject) =>
  p
    .context()
    .kdb.db.prepare("SELECT snapshot_id, knowledge_version, manifest_hash FROM snapshots ORDER BY 2")
    .all();

describe("applying pulled versions", () => {
  it("lands two versions in one transaction, each with the server's snapshot", () => {
    const versions = twoServerVersions();
    const ctx = replica.context();
    follow(ctx.kdb.db, SERVER, ctx.ids);
    expect(applyVersions(ctx.kdb.db, ctx.clock, versions)).toEqual({ from_version: 0, to_version: 2 });
    expect(snapshots(replica)).toEqual(snapshots(server));
    expect(readCanonicalRows(ctx.kdb.db)).toEqual(readCanonicalRows(server.context().kdb.db));
  });

  it("takes a tag change made after the last version, so intent-tag compiles match the server's", () => {
    const versions = twoServerVersions();
    const serverCtx = server.context();
    setDocTags(writeContext(serverCtx), "db-access", ["queries"]);
    const answer = readSyncVersions(serverCtx.kdb.db, 0, 100);
    const ctx = replica.context();
    follow(ctx.kdb.db, SERVER, ctx.ids);
    applyVersions(ctx.kdb.db, ctx.clock, versions, { version: answer.server_version, tags: answer.tags });
    const request = { target_files: ["src/api/users.ts"], intent_tags: ["queries"] };
    const onServer = deterministicPart(serverCtx.compiler.compile(request));
    expect(deterministicPart(ctx.compiler.compile(request))).toBe(onServer);
    expect(onServer).toContain('"doc_id":"db-access"');
    // A catalog for a version the replica has not reached yet is left for the next sync.
    const behind = replica.context();
    applyVersions(behind.kdb.db, behind.clock, [], { version: 5, tags: [] });
    expect(deterministicPart(ctx.compiler.compile(request))).toBe(onServer);
  });

  it("keeps the server's edge ids, gaps included", () => {
    const versions = twoServerVersions();
    const ctx = replica.context();
    follow(ctx.kdb.db, SERVER, ctx.ids);
    applyVersions(ctx.kdb.db, ctx.clock, versions);
    expect(readCanonicalRows(ctx.kdb.db).edges).toEqual([
      { edge_id: 1, edge_type: "path_requires", source_value: "src/api/**", target_doc_id: "api-errors" },
      { edge_id: 3, edge_type: "layer_requires", source_value: "api", target_doc_id: "db-access" },
      { edge_id: 4, edge_type: "doc_depends_on", source_value: "db-access", target_doc_id: "api-errors" },
    ]);
  });

  it("rolls every version back when the snapshot written here has another manifest_hash", () => {
    const [first, second] = twoServerVersions() as [SyncVersion, SyncVersion];
    // Rows in an order the local snapshot never writes: the server's hash holds, the local one differs.
    const manifest = { ...second.manifest, documents: [...second.manifest.documents].reverse() };
    const tampered = { ...second, manifest, manifest_hash: sha256(canonicalJson(manifest)) };
    const ctx = replica.context();
    follow(ctx.kdb.db, SERVER, ctx.ids);
    expect(() => applyVersions(ctx.kdb.db, ctx.clock, [first, tampered])).toThrow(
      new UserError(
        "Version 2 from the server cannot be applied: the snapshot written here does not have the server's manifest_hash. Nothing was changed; the replica stays at its version.",
        "Run `archon sync` again; if it fails the same way, the server's database and this replica disagree: ask its admin, or start a fresh replica database.",
      ),
    );
    const count = (table: string) => ctx.kdb.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();
    expect([count("snapshots"), count("documents"), count("edges"), count("content_blobs")]).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it("refuses a manifest that does not match its own hash, before writing anything", () => {
    const [first] = twoServerVersions() as [SyncVersion];
    const ctx = replica.context();
    follow(ctx.kdb.db, SERVER, ctx.ids);
    expect(() => applyVersions(ctx.kdb.db, ctx.clock, [{ ...first, manifest_hash: "0".repeat(64) }])).toThrow(
      "Version 1 from the server cannot be applied: its manifest does not match its manifest_hash.",
    );
    expect(snapshots(replica)).toEqual([]);
  });
});

describe("a server's versions on a database that follows no server", () => {
  it("are refused as a bug, before anything is written", () => {
    const [first] = twoServerVersions() as [SyncVersion];
    const ctx = replica.context();
    expect(() => applyVersions(ctx.kdb.db, ctx.clock, [first])).toThrow(
      new InternalError("commitApprovedVersion: this database follows no team server"),
    );
    const count = (table: string) => ctx.kdb.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();
    expect([count("snapshots"), count("documents"), count("edges"), count("content_blobs")]).toEqual([
      0, 0, 0, 0,
    ]);
  });
});

describe("a replica's own canonical writes", () => {
  it("refuses approvals, seeds and tags, naming the server, and changes nothing", () => {
    const versions = twoServerVersions();
    const ctx = replica.context();
    follow(ctx.kdb.db, SERVER, ctx.ids);
    applyVersions(ctx.kdb.db, ctx.clock, versions);
    const before = snapshots(replica);
    const noted = observe(observationsContext(ctx), {
      event_type: "manual_note",
      payload: { note: "From now on, never use default exports in this project." },
    });
    const write = writeContext(ctx);
    const refusal = expect.objectContaining({
      message: `This database is a replica of ${SERVER}: knowledge is approved, imported, seeded and tagged there, not here. Nothing was changed.`,
      hint: `Make the change on the team server (its admin surface, ${SERVER}/mcp/admin), then run \`archon sync\`.`,
    });
    expect(() => approveProposal(write, { proposal_id: noted.proposal_id as string })).toThrow(refusal);
    expect(() => applySeed(write, { documents: [doc("local")], layer_rules: [] })).toThrow(refusal);
    expect(() => setDocTags(write, "api-errors", ["style"])).toThrow(refusal);
    expect(snapshots(replica)).toEqual(before);
    expect(readCanonicalRows(ctx.kdb.db)).toEqual(readCanonicalRows(server.context().kdb.db));
  });
});

describe("becoming a replica", () => {
  it("refuses a database with knowledge of its own, and changes nothing", async () => {
    const ctx = replica.context();
    seed(ctx, { documents: [doc("local-rule")] });
    await expect(
      syncReplica(
        { db: ctx.kdb.db, clock: ctx.clock, ids: ctx.ids, projectRoot: ctx.projectRoot },
        { server: SERVER, token: "archon_tok_x", env: { XDG_CONFIG_HOME: replica.root } },
      ),
    ).rejects.toThrow(
      new UserError(
        `This database has knowledge of its own (knowledge_version 1), so it cannot become a replica of ${SERVER}. Nothing was changed.`,
        "Sync into a fresh database instead: archon --db .archon/replica.db sync --server <URL> (keep a backup of this one with `archon export`).",
      ),
    );
    expect(readReplicaState(ctx.kdb.db)).toEqual({
      server: null,
      replica_id: null,
      offline_since: null,
      offline_reason: null,
    });
  });
});
