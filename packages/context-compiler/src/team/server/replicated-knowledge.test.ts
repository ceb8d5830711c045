import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonicalJson, manualClock } from "@archon/core";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ArchonContext } from "../../context/archon-context.js";
import { adminTools } from "../../mcp/admin/index.js";
import { openTeamRepository, teamRepositoryOnPglite } from "../../store/team/open-team-repository.js";
import type { TeamRepository } from "../../store/team/team-repository.js";
import { snapshotRecordsAfter } from "../../store/team/team-working.js";
import { readVersion } from "../../store/version.js";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { type Caller, ReplicatedKnowledge } from "./replicated-knowledge.js";
import { loggedWritesOf } from "./replicated-tools.js";

const ana: Caller = { actor: "ana", surface: "admin" };
const agent: Caller = { actor: "bo", surface: "agent" };
const request = { target_files: ["src/api/users.ts"], plan: "Add a users endpoint" };

interface Instance {
  project: TestProject;
  ctx: ArchonContext;
  knowledge: ReplicatedKnowledge;
}

let cleanups: (() => Promise<void> | void)[] = [];
// One in-process Postgres for the file (it takes seconds to start), a schema of its own per test.
let pglite: PGlite;
let schemas = 0;
beforeAll(async () => {
  pglite = await PGlite.create();
});
afterAll(async () => {
  await pglite.close();
});
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** One team-server instance: its own working database over the shared repository. */
function instance(repo: TeamRepository): Instance {
  const project = tempProject("archon-team-instance-");
  const ctx = project.context("admin");
  cleanups.push(() => project.cleanup());
  const clock = manualClock("2026-12-01T09:00:00.000Z");
  return { project, ctx, knowledge: new ReplicatedKnowledge(repo, ctx, loggedWritesOf(adminTools), clock) };
}

/** Two instances over two handles of one log, each with its working database. */
async function pair(open: () => Promise<TeamRepository[]>) {
  const [first, second] = (await open()) as [TeamRepository, TeamRepository];
  cleanups.push(async () => {
    await first.close();
    if (second !== first) await second.close();
  });
  return { repo: first, a: instance(first), b: instance(second) };
}

const dialects: [string, () => Promise<TeamRepository[]>][] = [
  [
    "SQLite",
    async () => {
      const path = join(tmpdir(), `archon-team-log-${process.pid}-${Date.now()}.db`);
      const repos = [await openTeamRepository(`sqlite:${path}`), await openTeamRepository(`sqlite:${path}`)];
      cleanups.push(() => {
        for (const suffix of ["", "-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
      });
      return repos;
    },
  ],
  [
    "PGlite",
    async () => {
      schemas += 1;
      const schema = `instances_${schemas}`;
      return [
        await teamRepositoryOnPglite(pglite, { schema }),
        await teamRepositoryOnPglite(pglite, { schema }),
      ];
    },
  ],
];

/** The same calls on two instances, in an order that makes each catch up with the other. */
async function teamDay(a: Instance, b: Instance) {
  await a.knowledge.exclusive(() =>
    a.knowledge.write(
      "import_doc",
      {
        doc_id: "api-rules",
        title: "API rules",
        content: "Validate every request body.",
        edge_hints: [{ edge_type: "path_requires", source_value: "src/api/**" }],
      },
      ana,
    ),
  );
  await b.knowledge.exclusive(() =>
    b.knowledge.write(
      "import_doc",
      {
        doc_id: "errors",
        title: "Errors",
        content: "Errors are JSON with a code.",
        edge_hints: [{ edge_type: "doc_depends_on", source_value: "api-rules" }],
      },
      ana,
    ),
  );
  const noted = await a.knowledge.exclusive(() =>
    a.knowledge.write(
      "observe",
      { event_type: "manual_note", payload: { note: "From now on, log every request id." } },
      agent,
    ),
  );
  return noted;
}

describe.each(dialects)("two instances on one %s log", (_name, open) => {
  it("replay each other's calls into the same rows, snapshots and compile bytes", async () => {
    const { repo, a, b } = await pair(open);
    await teamDay(a, b);
    await a.knowledge.exclusive(async () => undefined);
    await b.knowledge.exclusive(async () => undefined);

    expect([readVersion(a.ctx.kdb.db), readVersion(b.ctx.kdb.db)]).toEqual([2, 2]);
    const localA = snapshotRecordsAfter(a.ctx.kdb.db, 0);
    const localB = snapshotRecordsAfter(b.ctx.kdb.db, 0);
    expect(localB).toEqual(localA);
    const stored = await repo.versionsAfter(0, 10);
    expect(stored.map((v) => [v.knowledge_version, v.snapshot_id, v.manifest_hash, v.approved_by])).toEqual(
      localA.map((v) => [v.knowledge_version, v.snapshot_id, v.manifest_hash, "ana"]),
    );
    const compiled = (ctx: ArchonContext) => {
      const { compile_id: _id, notices: _notices, ...rest } = ctx.compiler.compile(request);
      return canonicalJson(rest);
    };
    expect(compiled(b.ctx)).toBe(compiled(a.ctx));
    expect(compiled(a.ctx)).toContain("Validate every request body.");
    const head = await repo.head();
    expect(head).toEqual({ seq: 3, knowledge_version: 2 });
    const calls = await repo.callsAfter(0, 10);
    expect(calls.map((c) => [c.seq, c.tool, c.actor, c.knowledge_version])).toEqual([
      [1, "import_doc", "ana", 1],
      [2, "import_doc", "ana", 2],
      [3, "agent/observe", "bo", 2],
    ]);
  });

  it("refuse a dependency cycle at insert and log nothing for it", async () => {
    const { repo, a, b } = await pair(open);
    await teamDay(a, b);
    const cycle = b.knowledge.exclusive(() =>
      b.knowledge.write(
        "import_doc",
        // api-rules already depends on errors; errors depending on api-rules closes a loop.
        {
          doc_id: "errors",
          title: "Errors",
          content: "Errors are JSON with a code.",
          depends_on: ["api-rules"],
        },
        ana,
      ),
    );
    await expect(cycle).rejects.toThrow(/cycle/i);
    expect(await repo.head()).toEqual({ seq: 3, knowledge_version: 2 });
    // The refused call left nothing behind on the instance that ran it, and it keeps working.
    expect(readVersion(b.ctx.kdb.db)).toBe(2);
    await b.knowledge.exclusive(() =>
      b.knowledge.write("set_doc_tags", { doc_id: "errors", tags: ["errors"] }, ana),
    );
    expect((await repo.head()).seq).toBe(4);
  });

  it("apply a call with an idempotency key once, however often it is sent", async () => {
    const { repo, a, b } = await pair(open);
    const note = { event_type: "manual_note", payload: { note: "Keep handlers thin." } };
    const first = await a.knowledge.exclusive(() => a.knowledge.write("observe", note, agent, "key-1"));
    const again = await b.knowledge.exclusive(() => b.knowledge.write("observe", note, agent, "key-1"));
    expect(first.status).toBe("applied");
    expect(again.status).toBe("duplicate");
    expect((await repo.head()).seq).toBe(1);
  });
});

describe("the log's rows", () => {
  it("are the same on SQLite and PGlite for the same calls at the same times", async () => {
    const runs: unknown[] = [];
    for (const [, open] of dialects) {
      const { repo, a, b } = await pair(open);
      await teamDay(a, b);
      const versions = await repo.versionsAfter(0, 10);
      const calls = await repo.callsAfter(0, 10);
      runs.push({
        versions,
        calls: calls.map(({ call_id: _id, ...call }) => call),
      });
    }
    expect(runs[1]).toEqual(runs[0]);
  });
});
