import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { observe } from "../../knowledge/observations/observe.js";
import { observationsContext } from "../../mcp/agent/observe.tool.js";
import { readReplicaState, unpushedOutbox } from "../../store/team/replica.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { follow } from "../replica/replica-role.js";
import { directSyncBackend } from "./sync-backend.js";
import { readSyncVersions } from "./sync-versions.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const miss = {
  event_type: "compile_miss" as const,
  payload: { target_files: ["src/api/users.ts"], review_comment: "the errors rule applies" },
};

describe("the versions a replica pulls", () => {
  it("carry each version's new blobs only, and say more when cut by bytes", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("a", { content: "A one." }), doc("b", { content: "B one." })] });
    seed(ctx, { documents: [doc("a", { content: "A two." })] });
    const all = readSyncVersions(ctx.kdb.db, 0, 100);
    expect(all.versions.map((v) => [v.knowledge_version, Object.values(v.contents)])).toEqual([
      [1, ["A one.", "B one."]],
      [2, ["A two."]],
    ]);
    expect([all.server_version, all.more]).toEqual([2, false]);
    const cut = readSyncVersions(ctx.kdb.db, 0, 100, 1);
    expect([cut.versions.map((v) => v.knowledge_version), cut.more]).toEqual([[1], true]);
    expect(readSyncVersions(ctx.kdb.db, 1, 100).versions.map((v) => v.contents)).toEqual([
      { [all.versions[1]?.manifest.documents[0]?.content_hash as string]: "A two." },
    ]);
  });
});

describe("a pushed observation", () => {
  it("is applied once per idempotency key, ever", async () => {
    const ctx = project.context();
    const backend = directSyncBackend(ctx);
    const first = await backend.pushObservation("dana", "replica_1/obs_1", miss);
    const again = await backend.pushObservation("dana", "replica_1/obs_1", miss);
    expect(again).toEqual({ ...first, status: "duplicate" });
    expect(first.status).toBe("applied");
    expect(ctx.kdb.db.prepare("SELECT COUNT(*) FROM observations").pluck().get()).toBe(1);
  });

  it("is answered rejected, recording nothing, when observe refuses its payload", async () => {
    const ctx = project.context();
    const result = await directSyncBackend(ctx).pushObservation("dana", "k", {
      event_type: "compile_miss",
      payload: {},
    });
    expect(result).toMatchObject({ idempotency_key: "k", status: "rejected", observation_id: null });
    expect(ctx.kdb.db.prepare("SELECT COUNT(*) FROM sync_pushes").pluck().get()).toBe(0);
  });
});

describe("a local observe on a replica", () => {
  it("also queues the observation in the outbox, with the arguments the server's observe takes", () => {
    const ctx = project.context();
    observe(observationsContext(ctx), miss);
    expect(unpushedOutbox(ctx.kdb.db, 10)).toEqual([]);
    follow(ctx.kdb.db, "http://127.0.0.1:7420", ctx.ids);
    const { observation_id } = observe(observationsContext(ctx), { ...miss, agent_id: "claude" });
    expect(unpushedOutbox(ctx.kdb.db, 10)).toEqual([
      {
        idempotency_key: `${readReplicaState(ctx.kdb.db).replica_id}/${observation_id}`,
        observation_id,
        arguments: { ...miss, agent_id: "claude" },
        created_at: "2026-11-29T12:00:00.000Z",
      },
    ]);
  });
});
