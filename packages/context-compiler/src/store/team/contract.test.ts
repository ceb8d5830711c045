// The contract of the team repository, one suite run on every dialect: SQLite (a temp file), PGlite (in
// memory) and a real PostgreSQL server (skipped, saying so in the test names, when none can be started).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { canonicalJson, InternalError, sha256, UserError } from "@archon/core";
import { PGlite } from "@electric-sql/pglite";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type PostgresServer,
  postgresAvailability,
  startPostgresServer,
} from "../../bench/postgres-server.js";
import { openTeamRepository, teamRepositoryOnPglite } from "./open-team-repository.js";
import type { ShippedAuditRow } from "./shipped-audit.js";
import type { ContentBlob, LoggedCall, TeamRepository, VersionRecord } from "./team-repository.js";

/** One empty database of a dialect: repositories opened on it share it; `sql` runs a statement beside them. */
interface Store {
  open(): Promise<TeamRepository>;
  sql(statement: (table: (name: string) => string) => string): Promise<void>;
}
interface Dialect {
  label: string;
  skip: boolean;
  fresh(): Promise<Store>;
}

const opened: TeamRepository[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
const track = (repo: TeamRepository) => {
  opened.push(repo);
  return repo;
};
let pglite: PGlite;
let server: PostgresServer | undefined;
let admin: pg.Pool | undefined;
let schemas = 0;
const nextSchema = () => `contract_${process.pid}_${++schemas}`;

const availability = postgresAvailability();
const dialects: Dialect[] = [
  {
    label: "SQLite",
    skip: false,
    fresh: async () => {
      const dir = mkdtempSync(join(tmpdir(), "archon-team-sqlite-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const file = join(dir, "team.db");
      return {
        open: async () => track(await openTeamRepository(`sqlite:${file}`)),
        sql: async (statement) => {
          const db = new Database(file);
          try {
            db.exec(statement((name) => name));
          } finally {
            db.close();
          }
        },
      };
    },
  },
  {
    label: "PGlite",
    skip: false,
    fresh: async () => {
      const schema = nextSchema();
      return {
        open: async () => track(await teamRepositoryOnPglite(pglite, { schema })),
        sql: async (statement) => {
          await pglite.exec(statement((name) => `"${schema}".${name}`));
        },
      };
    },
  },
  {
    label: availability.available
      ? "PostgreSQL"
      : `PostgreSQL (SKIPPED, ${availability.reason}; or set ARCHON_TEST_DATABASE_URL)`,
    skip: !availability.available,
    fresh: async () => {
      const schema = nextSchema();
      const url = (server as PostgresServer).url;
      cleanups.push(async () => {
        await admin?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      });
      return {
        open: async () => track(await openTeamRepository(url, { schema })),
        sql: async (statement) => {
          await admin?.query(statement((name) => `"${schema}".${name}`));
        },
      };
    },
  },
];

beforeAll(async () => {
  pglite = await PGlite.create();
  server = availability.available ? await startPostgresServer() : undefined;
  if (server) {
    admin = new pg.Pool({ connectionString: server.url });
    // The server's shutdown notice can reach an idle connection that is still closing.
    admin.on("error", () => {});
  }
}, 60_000);

afterEach(async () => {
  await Promise.all(opened.splice(0).map((repo) => repo.close()));
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

afterAll(async () => {
  await admin?.end();
  await server?.stop();
  await pglite?.close();
});

/** The test, once per dialect, each named for its dialect. */
function onEachDialect(sentence: string, test: (store: Store, dialect: Dialect) => Promise<void>): void {
  for (const dialect of dialects) {
    it.skipIf(dialect.skip)(`${sentence} (${dialect.label})`, async () =>
      test(await dialect.fresh(), dialect),
    );
  }
}

const call = (n: number, over: Partial<Omit<LoggedCall, "seq">> = {}): Omit<LoggedCall, "seq"> => ({
  call_id: `call_${String(n).padStart(4, "0")}`,
  tool: "propose_document",
  args: canonicalJson({ n, title: `Rule ${n}` }),
  actor: "ana",
  at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  idempotency_key: null,
  knowledge_version: 0,
  ...over,
});

const version = (v: number, over: Partial<VersionRecord> = {}): VersionRecord => {
  const manifest = gzipSync(canonicalJson({ knowledge_version: v, documents: [] }));
  return {
    knowledge_version: v,
    snapshot_id: `snap_v${v}`,
    manifest_hash: sha256(manifest),
    created_at: new Date(Date.UTC(2026, 0, 2, 0, 0, v)).toISOString(),
    manifest,
    approved_by: v % 2 === 0 ? null : "ana",
    ...over,
  };
};

const blob = (content: string): ContentBlob => ({ content_hash: sha256(content), content });

const shipped = (compile_id: string, person: string, created_at: string): ShippedAuditRow => ({
  compile_id,
  person,
  created_at,
  received_at: "2026-03-01T00:00:00.000Z",
  record: canonicalJson({ compile_id, created_at, note: "é ☃ 𝄞" }),
});

/** Appends a version and the call that made it, as an approval does. */
async function approve(
  repo: TeamRepository,
  n: number,
  blobs: readonly ContentBlob[] = [],
): Promise<LoggedCall> {
  return repo.write(async (log) => {
    const head = await log.head();
    await log.putVersion(version(head.knowledge_version + 1), blobs);
    return log.append(call(n, { tool: "approve_proposal", knowledge_version: head.knowledge_version + 1 }));
  });
}

describe("an empty team store", () => {
  onEachDialect("has head 0/0 and holds no calls, versions, blobs or tokens", async (store) => {
    const repo = await store.open();
    expect({
      head: await repo.head(),
      calls: await repo.callsAfter(0, 100),
      versions: await repo.versionsAfter(0, 100),
      contents: await repo.contents([sha256("x")]),
      byKey: await repo.callByIdempotencyKey("k"),
      tokens: await repo.tokens.list(),
      audit: await repo.audit.list(),
    }).toStrictEqual({
      head: { seq: 0, knowledge_version: 0 },
      calls: [],
      versions: [],
      contents: [],
      byKey: undefined,
      tokens: [],
      audit: [],
    });
  });
});

describe("appending calls", () => {
  onEachDialect("numbers them 1, 2, 3 in order, within one write and across writes", async (store) => {
    const repo = await store.open();
    const first = await repo.write(async (log) => [await log.append(call(1)), await log.append(call(2))]);
    const third = await repo.write((log) => log.append(call(3)));
    expect([...first, third].map((c) => c.seq)).toEqual([1, 2, 3]);
    expect(await repo.callsAfter(0, 100)).toStrictEqual([
      { seq: 1, ...call(1) },
      { seq: 2, ...call(2) },
      { seq: 3, ...call(3) },
    ]);
    expect(await repo.head()).toStrictEqual({ seq: 3, knowledge_version: 0 });
  });

  onEachDialect("refuses a call whose version is not the store's, and a reused call id", async (store) => {
    const repo = await store.open();
    await expect(repo.write((log) => log.append(call(1, { knowledge_version: 1 })))).rejects.toThrow(
      InternalError,
    );
    await repo.write((log) => log.append(call(1)));
    await expect(repo.write((log) => log.append(call(1)))).rejects.toThrow(/call id call_0001 is already/);
    expect(await repo.head()).toStrictEqual({ seq: 1, knowledge_version: 0 });
  });

  onEachDialect("refuses the log once its write has ended", async (store) => {
    const repo = await store.open();
    const escaped = await repo.write(async (log) => log);
    await expect(escaped.append(call(1))).rejects.toThrow(/after its write transaction ended/);
    expect(await repo.callsAfter(0, 10)).toEqual([]);
  });
});

describe("a write that throws", () => {
  onEachDialect("leaves no call, version or blob behind, and no gap after it", async (store) => {
    const repo = await store.open();
    const failed = repo.write(async (log) => {
      await log.putVersion(version(1), [blob("# Rule one")]);
      await log.append(call(1, { knowledge_version: 1 }));
      throw new Error("the local apply failed");
    });
    await expect(failed).rejects.toThrow("the local apply failed");
    expect({
      head: await repo.head(),
      calls: await repo.callsAfter(0, 10),
      versions: await repo.versionsAfter(0, 10),
      contents: await repo.contents([sha256("# Rule one")]),
    }).toStrictEqual({ head: { seq: 0, knowledge_version: 0 }, calls: [], versions: [], contents: [] });
    expect(await approve(repo, 2)).toStrictEqual({
      seq: 1,
      ...call(2, { tool: "approve_proposal", knowledge_version: 1 }),
    });
  });
});

describe("putting versions", () => {
  onEachDialect("accepts only the version after the head, and each snapshot id once", async (store) => {
    const repo = await store.open();
    await expect(repo.write((log) => log.putVersion(version(2), []))).rejects.toThrow(
      new InternalError("knowledge version 2 cannot follow 0 in the team store: versions are gapless"),
    );
    await repo.write((log) => log.putVersion(version(1), []));
    await expect(repo.write((log) => log.putVersion(version(1), []))).rejects.toThrow(InternalError);
    await expect(
      repo.write((log) => log.putVersion(version(2, { snapshot_id: "snap_v1" }), [])),
    ).rejects.toThrow(/snapshot snap_v1 is already/);
    expect(await repo.head()).toStrictEqual({ seq: 0, knowledge_version: 1 });
    expect(await repo.versionsAfter(0, 10)).toStrictEqual([version(1)]);
  });
});

describe("idempotency keys", () => {
  onEachDialect(
    "are unique: a second append with the key fails and the first call is found by it",
    async (store) => {
      const repo = await store.open();
      const first = await repo.write((log) => log.append(call(1, { idempotency_key: "push-ana-1" })));
      const again = repo.write((log) => log.append(call(2, { idempotency_key: "push-ana-1" })));
      await expect(again).rejects.toThrow(UserError);
      await expect(again).rejects.toThrow(
        "The idempotency key push-ana-1 was already used by call call_0001 (seq 1, propose_document), so this call was not applied again.",
      );
      expect(await repo.callByIdempotencyKey("push-ana-1")).toStrictEqual(first);
      expect(await repo.write((log) => log.callByIdempotencyKey("push-ana-1"))).toStrictEqual(first);
      expect(await repo.head()).toStrictEqual({ seq: 1, knowledge_version: 0 });
    },
  );
});

describe("concurrent writers on one database", () => {
  onEachDialect(
    "two repositories writing 20 calls each in parallel get seqs 1..40, no gap, no duplicate",
    async (store) => {
      const [a, b] = [await store.open(), await store.open()];
      const writes = (repo: TeamRepository, who: string) =>
        Array.from({ length: 20 }, (_, i) =>
          repo.write(async (log) => {
            const head = await log.head();
            return log.append(
              call(i, { call_id: `${who}_${i}`, actor: who, knowledge_version: head.knowledge_version }),
            );
          }),
        );
      const results = await Promise.all([...writes(a, "ana"), ...writes(b, "bo")]);
      const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
      const oneToForty = Array.from({ length: 40 }, (_, i) => i + 1);
      expect(sorted(results.map((r) => r.seq))).toEqual(oneToForty);
      const stored = await b.callsAfter(0, 100);
      expect(stored.map((c) => c.seq)).toEqual(oneToForty);
      expect(new Set(stored.map((c) => c.call_id)).size).toBe(40);
      expect(stored).toStrictEqual(
        sorted(results.map((r) => r.seq)).map((seq) => results.find((r) => r.seq === seq)),
      );
    },
  );
});

describe("reading the log and the versions", () => {
  onEachDialect("returns them ordered, after the given point, at most the limit", async (store) => {
    const repo = await store.open();
    for (let n = 1; n <= 5; n++) await approve(repo, n);
    expect((await repo.callsAfter(1, 2)).map((c) => c.seq)).toEqual([2, 3]);
    expect(await repo.callsAfter(3, 10)).toStrictEqual([
      { seq: 4, ...call(4, { tool: "approve_proposal", knowledge_version: 4 }) },
      { seq: 5, ...call(5, { tool: "approve_proposal", knowledge_version: 5 }) },
    ]);
    expect(await repo.callsAfter(5, 10)).toEqual([]);
    expect(await repo.versionsAfter(2, 2)).toStrictEqual([version(3), version(4)]);
    expect(await repo.versionsAfter(0, 100)).toStrictEqual([1, 2, 3, 4, 5].map((v) => version(v)));
    expect(await repo.head()).toStrictEqual({ seq: 5, knowledge_version: 5 });
  });
});

describe("bytes and text", () => {
  onEachDialect(
    "come back identical: every byte of a manifest, and args with any characters",
    async (store) => {
      const repo = await store.open();
      const allBytes = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));
      const args = '{"note":"é ☃ 𝄞 \\u0000 \\"quoted\\" tab\\t","ratio":2.5e-7,"list":[ 1, 2 ]}  ';
      await repo.write(async (log) => {
        await log.putVersion(version(1, { manifest: allBytes }), []);
        await log.append(call(1, { args, knowledge_version: 1 }));
      });
      const [stored] = await repo.versionsAfter(0, 1);
      expect(Buffer.isBuffer(stored?.manifest) && stored.manifest.equals(allBytes)).toBe(true);
      expect((await repo.callsAfter(0, 1))[0]?.args).toBe(args);
    },
  );
});

describe("content blobs", () => {
  onEachDialect("are stored once per hash and returned in hash order, unknown ones absent", async (store) => {
    const repo = await store.open();
    const [one, two, three] = [blob("# One\n"), blob("# Two: ünïcödé 🚀\n"), blob("nul \u0000 inside")];
    await approve(repo, 1, [one, two]);
    await approve(repo, 2, [two, three, three]);
    const expected = [one, two, three].sort((x, y) => (x.content_hash < y.content_hash ? -1 : 1));
    expect(
      await repo.contents([three.content_hash, sha256("unknown"), one.content_hash, two.content_hash]),
    ).toStrictEqual(expected);
    expect(await repo.contents([two.content_hash, two.content_hash])).toStrictEqual([two]);
    expect(await repo.contents([])).toEqual([]);
  });
});

describe("tokens", () => {
  onEachDialect(
    "round trip: listed newest first in byte order, found live by hash, revoked once",
    async (store) => {
      const repo = await store.open();
      const token = (token_id: string, scope: "archon:agent" | "archon:admin", created_at: string) => ({
        token_id,
        person: `person of ${token_id}`,
        scope,
        created_at,
        revoked_at: null,
      });
      const [admin, agentB, agentA] = [
        token("tok_admin", "archon:admin", "2026-01-01T00:00:00.000Z"),
        token("tok_B", "archon:agent", "2026-01-02T00:00:00.000Z"),
        token("tok_a", "archon:agent", "2026-01-02T00:00:00.000Z"),
      ];
      for (const row of [admin, agentA, agentB])
        await repo.tokens.insert({ ...row, secret_sha256: sha256(row.token_id) });
      expect(await repo.tokens.list()).toStrictEqual([agentB, agentA, admin]);
      expect(await repo.tokens.liveBySecretHash(sha256("tok_admin"))).toStrictEqual(admin);
      expect(await repo.tokens.revoke("tok_admin", "2026-02-01T00:00:00.000Z")).toBe(true);
      expect(await repo.tokens.revoke("tok_admin", "2026-02-02T00:00:00.000Z")).toBe(false);
      expect(await repo.tokens.revoke("tok_unknown", "2026-02-02T00:00:00.000Z")).toBe(false);
      expect(await repo.tokens.liveBySecretHash(sha256("tok_admin"))).toBeUndefined();
      expect(await repo.tokens.list()).toStrictEqual([
        agentB,
        agentA,
        { ...admin, revoked_at: "2026-02-01T00:00:00.000Z" },
      ]);
    },
  );
});

describe("shipped audit records", () => {
  onEachDialect(
    "are kept once per compile_id, the first push winning, and listed by created_at then compile_id in byte order",
    async (store) => {
      const repo = await store.open();
      const [late, earlyB, earlya] = [
        shipped("cmp_late", "dana", "2026-02-02T00:00:00.000Z"),
        shipped("cmp_B", "dana", "2026-02-01T00:00:00.000Z"),
        shipped("cmp_a", "lee", "2026-02-01T00:00:00.000Z"),
      ];
      expect(await repo.audit.list()).toEqual([]);
      expect(await repo.audit.insert([late, earlya])).toStrictEqual({ stored: 2, duplicates: 0 });
      // A retry, and another person's push of the same compile: neither doubles nor replaces a row.
      expect(
        await repo.audit.insert([earlyB, { ...earlya, person: "mallory", record: "{}" }, late, earlyB]),
      ).toStrictEqual({ stored: 1, duplicates: 3 });
      expect(await repo.audit.list()).toStrictEqual([earlyB, earlya, late]);
      const again = await store.open();
      expect(await again.audit.list()).toStrictEqual([earlyB, earlya, late]);
    },
  );
});

describe("the log and the snapshots", () => {
  onEachDialect(
    "cannot be changed or removed once written, even by SQL beside the repository",
    async (store) => {
      const repo = await store.open();
      await approve(repo, 1);
      for (const table of ["call_log", "snapshots"]) {
        await expect(store.sql((t) => `UPDATE ${t(table)} SET knowledge_version = 7`)).rejects.toThrow();
        await expect(store.sql((t) => `DELETE FROM ${t(table)}`)).rejects.toThrow();
      }
      expect(await repo.head()).toStrictEqual({ seq: 1, knowledge_version: 1 });
    },
  );
});

describe("reopening a store", () => {
  onEachDialect("keeps what was written and upgrades nothing twice", async (store) => {
    const first = await store.open();
    const logged = await approve(first, 1, [blob("kept")]);
    await first.close();
    const again = await store.open();
    expect(await again.callsAfter(0, 10)).toStrictEqual([logged]);
    expect(await again.contents([sha256("kept")])).toStrictEqual([blob("kept")]);
  });
});

describe("the dialects", () => {
  it("give deep-equal results for the same sequence of operations", async () => {
    const transcripts = [];
    for (const dialect of dialects.filter((d) => !d.skip)) {
      const repo = await (await dialect.fresh()).open();
      await approve(repo, 1, [blob("a"), blob("b")]);
      await repo.write((log) => log.append(call(2, { idempotency_key: "k2", knowledge_version: 1 })));
      await approve(repo, 3, [blob("b"), blob("c")]);
      await repo.tokens.insert({
        token_id: "tok_1",
        person: "ana",
        scope: "archon:admin",
        secret_sha256: "h1",
        created_at: "2026-01-01T00:00:00.000Z",
        revoked_at: null,
      });
      await repo.tokens.revoke("tok_1", "2026-01-03T00:00:00.000Z");
      await repo.audit.insert([
        shipped("cmp_2", "lee", "2026-01-05T00:00:00.000Z"),
        shipped("cmp_1", "ana", "2026-01-05T00:00:00.000Z"),
      ]);
      await repo.audit.insert([shipped("cmp_1", "lee", "2026-01-04T00:00:00.000Z")]);
      transcripts.push({
        dialect: repo.dialect,
        result: {
          head: await repo.head(),
          calls: await repo.callsAfter(0, 100),
          versions: await repo.versionsAfter(0, 100),
          contents: await repo.contents(["a", "b", "c"].map(sha256)),
          byKey: await repo.callByIdempotencyKey("k2"),
          tokens: await repo.tokens.list(),
          audit: await repo.audit.list(),
        },
      });
    }
    const [reference, ...others] = transcripts;
    for (const other of others) expect(other.result).toStrictEqual(reference?.result);
    expect(transcripts.map((t) => t.dialect)).toEqual(
      availability.available ? ["sqlite", "postgres", "postgres"] : ["sqlite", "postgres"],
    );
  });
});
