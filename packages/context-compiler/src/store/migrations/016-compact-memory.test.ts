import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { canonicalJson, type Db, manualClock, migrate, openDatabase, sha256 } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { attemptNotices } from "../../memory/attempt-notices.js";
import { recall } from "../../memory/recall.js";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { packOutcome } from "../audit-pack.js";
import { AuditTerms } from "../audit-terms.js";
import { migrations } from "./index.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const NOW = "2026-11-29T12:00:00.000Z";
const clock = manualClock(NOW);
const daysAgo = (days: number) => new Date(new Date(NOW).getTime() - days * 86_400_000).toISOString();

/** Compiles as migration 14 left them: each with its own plan, files and text row, most with an audit row. */
const OLD_COMPILES = [
  {
    compile_id: "cmp_a",
    run_id: "run_a",
    at: daysAgo(3),
    plan: "add paging to the invoice list",
    files: ["src/api/invoices.ts", "src/api/users.ts"],
    docs: ["api"],
  },
  {
    compile_id: "cmp_b",
    run_id: "run_a",
    at: daysAgo(2),
    plan: "fix the login redirect",
    files: ["src/auth/login.ts"],
    docs: ["style"],
  },
  { compile_id: "cmp_c", run_id: "run_b", at: daysAgo(1), plan: null, files: ["src/api/users.ts"], docs: [] },
  {
    // Its audit row never landed (memory was written apart from the audit before migration 16).
    compile_id: "cmp_orphan",
    run_id: "run_b",
    at: daysAgo(1),
    plan: "invoice totals",
    files: ["src/api/invoices.ts"],
    docs: null,
  },
] as const;

function databaseBeforeCompactMemory(dbPath: string): Db {
  mkdirSync(dirname(dbPath), { recursive: true });
  const db = openDatabase(dbPath);
  migrate(
    db,
    migrations.filter((m) => m.id < 16),
  );
  for (const [doc_id, version] of [
    ["api", 1],
    ["style", 2],
  ] as const) {
    const content = `Rule ${doc_id}.`;
    db.prepare("INSERT OR IGNORE INTO content_blobs (content_hash, content) VALUES (?, ?)").run(
      sha256(content),
      content,
    );
    db.prepare(
      `INSERT INTO documents (doc_id, title, kind, content_hash, content_bytes, status, source_path, priority,
         created_version, updated_version) VALUES (?, ?, 'guideline', ?, ?, 'approved', NULL, 100, 1, ?)`,
    ).run(doc_id, doc_id, sha256(content), content.length, version);
  }
  const terms = new AuditTerms(() => db);
  for (const [run_id, at, session] of [
    ["run_a", daysAgo(3), "sess_1"],
    ["run_b", daysAgo(1), null],
  ] as const)
    db.prepare(
      "INSERT INTO memory_runs (run_id, started_at, last_seen_at, surface, session_id) VALUES (?, ?, ?, 'agent', ?)",
    ).run(run_id, at, at, session);
  for (const c of OLD_COMPILES) {
    // The audit row with the columns compile_log had then.
    if (c.docs)
      db.prepare(
        `INSERT INTO compile_log (compile_id, created_at, status, knowledge_version, request, result_hash,
           outcome, duration_ms) VALUES (?, ?, 'ok', 1, ?, 'hash', ?, 1)`,
      ).run(
        c.compile_id,
        c.at,
        canonicalJson({ target_files: [...c.files], ...(c.plan ? { plan: c.plan } : {}) }),
        packOutcome(
          {
            deliveries: c.docs.map((doc_id) => ({ doc_id, delivery: "inline" as const, reason: null })),
            budget: { inline_bytes: 0, max_inline_bytes: 8192, content_mode: "auto" },
            near_miss_edges: [],
            layer_classification: [],
          },
          terms,
        ),
      );
    db.prepare(
      "INSERT INTO memory_compiles (compile_id, run_id, created_at, plan, knowledge_version) VALUES (?, ?, ?, ?, 1)",
    ).run(c.compile_id, c.run_id, c.at, c.plan);
    for (const file of c.files)
      db.prepare("INSERT INTO memory_files (ref, file) VALUES (?, ?)").run(c.compile_id, file);
    db.prepare("INSERT INTO memory_fts (ref, body) VALUES (?, ?)").run(
      c.compile_id,
      [c.plan ?? "", ...c.files].join("\n"),
    );
  }
  db.prepare(
    `INSERT INTO observations (observation_id, event_type, payload, status, created_at)
     VALUES ('obs_1', 'session_note', ?, 'analyzed', ?)`,
  ).run(
    JSON.stringify({ text: "invoice paging failed", outcome: "failed", files: ["src/api/invoices.ts"] }),
    daysAgo(2),
  );
  db.prepare(
    `INSERT INTO memory_notes (note_id, origin, content_hash, text, outcome, run_id, session_id, doc_ids,
       knowledge_version, created_at, last_seen_at) VALUES ('note_obs_1', 'manual', 'h', ?, 'failed', 'run_a',
       NULL, '[]', 1, ?, ?)`,
  ).run("invoice paging failed", daysAgo(2), daysAgo(2));
  db.prepare(
    "INSERT INTO memory_note_sources (observation_id, note_id) VALUES ('obs_1', 'note_obs_1')",
  ).run();
  db.prepare("INSERT INTO memory_files (ref, file) VALUES ('note_obs_1', 'src/api/invoices.ts')").run();
  db.prepare("INSERT INTO memory_fts (ref, body) VALUES ('note_obs_1', ?)").run(
    "invoice paging failed\nsrc/api/invoices.ts",
  );
  return db;
}

/** Every question the readers of episodic memory ask, answered. */
function answers(db: Db) {
  const mcp = { kind: "mcp" as const, prefix: "archon_" };
  return {
    everything: recall(db, {}, clock),
    search: recall(db, { search: "invoice paging" }, clock),
    files: recall(db, { files: ["src/api/users.ts"], gaps: true }, clock),
    run: recall(db, { run_id: "run_b" }, clock),
    notices: attemptNotices(db, ["src/api/invoices.ts"], clock, mcp),
  };
}

/** What recall and the attempt notices answered over the fixture with the code before migration 16. */
const ANSWERED_BEFORE = {
  everything: {
    runs: [
      {
        run_id: "run_b",
        started_at: "2026-11-28T12:00:00.000Z",
        last_seen_at: "2026-11-28T12:00:00.000Z",
        surface: "agent",
        session_id: null,
        compiles: 2,
        files: ["src/api/invoices.ts", "src/api/users.ts"],
      },
      {
        run_id: "run_a",
        started_at: "2026-11-26T12:00:00.000Z",
        last_seen_at: "2026-11-26T12:00:00.000Z",
        surface: "agent",
        session_id: "sess_1",
        compiles: 2,
        files: ["src/api/invoices.ts", "src/api/users.ts", "src/auth/login.ts"],
      },
    ],
    hits: [
      {
        kind: "compile",
        id: "cmp_c",
        run_id: "run_b",
        at: "2026-11-28T12:00:00.000Z",
        files: ["src/api/users.ts"],
        excerpt: "",
        outcome: null,
        origin: "compile",
        score: 0.241804,
        scores: {
          text: 0,
          recency: 0.967216,
          proximity: 0,
          superseded: false,
        },
      },
      {
        kind: "compile",
        id: "cmp_orphan",
        run_id: "run_b",
        at: "2026-11-28T12:00:00.000Z",
        files: ["src/api/invoices.ts"],
        excerpt: "invoice totals",
        outcome: null,
        origin: "compile",
        score: 0.241804,
        scores: {
          text: 0,
          recency: 0.967216,
          proximity: 0,
          superseded: false,
        },
      },
      {
        kind: "note",
        id: "note_obs_1",
        run_id: "run_a",
        at: "2026-11-27T12:00:00.000Z",
        files: ["src/api/invoices.ts"],
        excerpt: "invoice paging failed",
        outcome: "failed",
        origin: "manual",
        score: 0.233877,
        scores: {
          text: 0,
          recency: 0.935507,
          proximity: 0,
          superseded: false,
        },
      },
      {
        kind: "compile",
        id: "cmp_a",
        run_id: "run_a",
        at: "2026-11-26T12:00:00.000Z",
        files: ["src/api/invoices.ts", "src/api/users.ts"],
        excerpt: "add paging to the invoice list",
        outcome: null,
        origin: "compile",
        score: 0.226209,
        scores: {
          text: 0,
          recency: 0.904837,
          proximity: 0,
          superseded: false,
        },
      },
      {
        kind: "compile",
        id: "cmp_b",
        run_id: "run_a",
        at: "2026-11-27T12:00:00.000Z",
        files: ["src/auth/login.ts"],
        excerpt: "fix the login redirect",
        outcome: null,
        origin: "compile",
        score: 0.116938,
        scores: {
          text: 0,
          recency: 0.935507,
          proximity: 0,
          superseded: true,
        },
      },
    ],
    truncated: false,
  },
  search: {
    runs: [
      {
        run_id: "run_b",
        started_at: "2026-11-28T12:00:00.000Z",
        last_seen_at: "2026-11-28T12:00:00.000Z",
        surface: "agent",
        session_id: null,
        compiles: 2,
        files: ["src/api/invoices.ts", "src/api/users.ts"],
      },
      {
        run_id: "run_a",
        started_at: "2026-11-26T12:00:00.000Z",
        last_seen_at: "2026-11-26T12:00:00.000Z",
        surface: "agent",
        session_id: "sess_1",
        compiles: 2,
        files: ["src/api/invoices.ts", "src/api/users.ts", "src/auth/login.ts"],
      },
    ],
    hits: [
      {
        kind: "note",
        id: "note_obs_1",
        run_id: "run_a",
        at: "2026-11-27T12:00:00.000Z",
        files: ["src/api/invoices.ts"],
        excerpt: "invoice paging failed",
        outcome: "failed",
        origin: "manual",
        score: 0.733877,
        scores: {
          text: 1,
          recency: 0.935507,
          proximity: 0,
          superseded: false,
        },
      },
      {
        kind: "compile",
        id: "cmp_a",
        run_id: "run_a",
        at: "2026-11-26T12:00:00.000Z",
        files: ["src/api/invoices.ts", "src/api/users.ts"],
        excerpt: "add paging to the invoice list",
        outcome: null,
        origin: "compile",
        score: 0.587687,
        scores: {
          text: 0.7229554303675603,
          recency: 0.904837,
          proximity: 0,
          superseded: false,
        },
      },
      {
        kind: "compile",
        id: "cmp_orphan",
        run_id: "run_b",
        at: "2026-11-28T12:00:00.000Z",
        files: ["src/api/invoices.ts"],
        excerpt: "invoice totals",
        outcome: null,
        origin: "compile",
        score: 0.241806,
        scores: {
          text: 4.186778365276134e-6,
          recency: 0.967216,
          proximity: 0,
          superseded: false,
        },
      },
    ],
    truncated: false,
  },
  files: {
    runs: [
      {
        run_id: "run_b",
        started_at: "2026-11-28T12:00:00.000Z",
        last_seen_at: "2026-11-28T12:00:00.000Z",
        surface: "agent",
        session_id: null,
        compiles: 2,
        files: ["src/api/invoices.ts", "src/api/users.ts"],
      },
      {
        run_id: "run_a",
        started_at: "2026-11-26T12:00:00.000Z",
        last_seen_at: "2026-11-26T12:00:00.000Z",
        surface: "agent",
        session_id: "sess_1",
        compiles: 2,
        files: ["src/api/invoices.ts", "src/api/users.ts", "src/auth/login.ts"],
      },
    ],
    hits: [
      {
        kind: "compile",
        id: "cmp_c",
        run_id: "run_b",
        at: "2026-11-28T12:00:00.000Z",
        files: ["src/api/users.ts"],
        excerpt: "",
        outcome: null,
        origin: "compile",
        score: 0.491804,
        scores: {
          text: 0,
          recency: 0.967216,
          proximity: 1,
          superseded: false,
        },
      },
      {
        kind: "compile",
        id: "cmp_a",
        run_id: "run_a",
        at: "2026-11-26T12:00:00.000Z",
        files: ["src/api/invoices.ts", "src/api/users.ts"],
        excerpt: "add paging to the invoice list",
        outcome: null,
        origin: "compile",
        score: 0.476209,
        scores: {
          text: 0,
          recency: 0.904837,
          proximity: 1,
          superseded: false,
        },
      },
      {
        kind: "compile",
        id: "cmp_orphan",
        run_id: "run_b",
        at: "2026-11-28T12:00:00.000Z",
        files: ["src/api/invoices.ts"],
        excerpt: "invoice totals",
        outcome: null,
        origin: "compile",
        score: 0.366804,
        scores: {
          text: 0,
          recency: 0.967216,
          proximity: 0.5,
          superseded: false,
        },
      },
      {
        kind: "note",
        id: "note_obs_1",
        run_id: "run_a",
        at: "2026-11-27T12:00:00.000Z",
        files: ["src/api/invoices.ts"],
        excerpt: "invoice paging failed",
        outcome: "failed",
        origin: "manual",
        score: 0.358877,
        scores: {
          text: 0,
          recency: 0.935507,
          proximity: 0.5,
          superseded: false,
        },
      },
    ],
    gaps: [],
    truncated: false,
  },
  run: {
    runs: [
      {
        run_id: "run_b",
        started_at: "2026-11-28T12:00:00.000Z",
        last_seen_at: "2026-11-28T12:00:00.000Z",
        surface: "agent",
        session_id: null,
        compiles: 2,
        files: ["src/api/invoices.ts", "src/api/users.ts"],
      },
    ],
    hits: [
      {
        kind: "compile",
        id: "cmp_c",
        run_id: "run_b",
        at: "2026-11-28T12:00:00.000Z",
        files: ["src/api/users.ts"],
        excerpt: "",
        outcome: null,
        origin: "compile",
        score: 0.241804,
        scores: {
          text: 0,
          recency: 0.967216,
          proximity: 0,
          superseded: false,
        },
      },
      {
        kind: "compile",
        id: "cmp_orphan",
        run_id: "run_b",
        at: "2026-11-28T12:00:00.000Z",
        files: ["src/api/invoices.ts"],
        excerpt: "invoice totals",
        outcome: null,
        origin: "compile",
        score: 0.241804,
        scores: {
          text: 0,
          recency: 0.967216,
          proximity: 0,
          superseded: false,
        },
      },
    ],
    truncated: false,
  },
  notices: [
    'An attempt on src/api/invoices.ts failed 2 days ago (note note_obs_1); see archon_recall({ run_id: "run_a" }) before trying the same again.',
  ],
};

describe("migration 16: compact episodic memory", () => {
  it("keeps every answer of recall and of the attempt notices, BM25 scores included", () => {
    const ctx = project.context("admin");
    const path = ctx.kdb.path;
    ctx.close();
    const db = databaseBeforeCompactMemory(`${path}.old`);
    migrate(db, migrations);
    expect(answers(db)).toEqual(ANSWERED_BEFORE);
    // The text is not kept twice: the full-text index is contentless, compiles keep no file rows.
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all();
    expect(tables).not.toContain("memory_fts_content");
    expect(db.prepare("SELECT ref FROM memory_files ORDER BY ref").pluck().all()).toEqual(["note_obs_1"]);
    db.close();
  });
});
