import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { canonicalJson, migrate, openDatabase, sha256 } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { readCompileLog } from "../audit.js";
import { documentUsage } from "../compile-history.js";
import { exportDatabase, importDatabase } from "../export-import.js";
import { migrations } from "./index.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const at = "2026-11-30T09:00:00.000Z";

/** Three audit rows as archon wrote them before migration 12, each with what get_compile_audit answered. */
const OLD_ROWS = [
  {
    compile_id: "cmp_ok",
    status: "ok",
    error: null,
    request: { target_files: ["apps/web/src/api/users.ts"], plan: "add paging" },
    resolved_doc_ids: ["api", "big", "ui"],
    delivery: {
      inline: 1,
      deferred: 1,
      omitted: 1,
      inline_bytes: 120,
      max_inline_bytes: 8192,
      budget_utilization: 0.0146,
      content_mode: "auto",
    },
    debug: {
      files: ["apps/web/src/api/users.ts"],
      near_miss_edges: [
        { file: "apps/web/src/api/users.ts", pattern: "apps/web/src/api/*.tsx", doc_ids: ["ui"] },
      ],
      layer_classification: [
        { file: "apps/web/src/api/users.ts", layer: "api", rule_pattern: "apps/*/src/api/**" },
      ],
      budget_drops: [
        { doc_id: "big", delivery: "deferred", reason: "over_budget" },
        { doc_id: "ui", delivery: "omitted", reason: "below_min_relevance" },
      ],
    },
  },
  {
    compile_id: "cmp_failed",
    status: "error",
    error: "target_files names no path inside the project.",
    request: { target_files: ["../outside.ts"] },
    resolved_doc_ids: [],
    delivery: {},
    debug: {},
  },
  {
    // A debug shape packing does not know (an extra field): kept verbatim.
    compile_id: "cmp_odd",
    status: "ok",
    error: null,
    request: { target_files: ["apps/web/src/api/users.ts"] },
    resolved_doc_ids: ["api"],
    delivery: {
      inline: 1,
      deferred: 0,
      omitted: 0,
      inline_bytes: 40,
      max_inline_bytes: 8192,
      content_mode: "auto",
    },
    debug: {
      near_miss_edges: [{ file: "apps/web/src/api/users.ts", pattern: "x/**", doc_ids: [], score: 0.4 }],
      budget_drops: [],
    },
  },
] as const;

function databaseBeforeCompactAudit(dbPath: string) {
  mkdirSync(dirname(dbPath), { recursive: true });
  const db = openDatabase(dbPath);
  migrate(
    db,
    migrations.filter((m) => m.id < 12),
  );
  for (const doc_id of ["api", "big", "ui"]) {
    const content = `Rule ${doc_id}.`;
    db.prepare("INSERT OR IGNORE INTO content_blobs (content_hash, content) VALUES (?, ?)").run(
      sha256(content),
      content,
    );
    db.prepare(
      `INSERT INTO documents (doc_id, title, kind, content_hash, content_bytes, status, source_path, priority,
         created_version, updated_version) VALUES (?, ?, 'guideline', ?, ?, 'approved', NULL, 100, 1, 1)`,
    ).run(doc_id, doc_id, sha256(content), content.length);
  }
  const log = db.prepare(
    `INSERT INTO compile_log (compile_id, created_at, agent_id, status, error, knowledge_version, snapshot_id,
       request, resolved_doc_ids, result_hash, delivery, debug, duration_ms, tag_catalog_hash)
     VALUES (?, ?, NULL, ?, ?, 1, 'snap_v1', ?, ?, ?, ?, ?, 2.5, 'tags')`,
  );
  const delivered = db.prepare(
    "INSERT INTO compile_deliveries (compile_id, doc_id, delivery) VALUES (?, ?, ?)",
  );
  for (const row of OLD_ROWS) {
    log.run(
      row.compile_id,
      at,
      row.status,
      row.error,
      canonicalJson(row.request),
      JSON.stringify(row.resolved_doc_ids),
      row.status === "ok" ? "hash" : null,
      JSON.stringify(row.delivery),
      JSON.stringify(row.debug),
    );
    const drops = new Map<string, string>(
      ((row.debug as { budget_drops?: { doc_id: string; delivery: string }[] }).budget_drops ?? []).map(
        (d) => [d.doc_id, d.delivery],
      ),
    );
    for (const id of row.resolved_doc_ids) delivered.run(row.compile_id, id, drops.get(id) ?? "inline");
  }
  return db;
}

/** What get_compile_audit answered for an old row: its JSON columns parsed. */
function answeredBefore(row: (typeof OLD_ROWS)[number]) {
  const debug = row.debug as Record<string, unknown>;
  return {
    compile_id: row.compile_id,
    created_at: at,
    agent_id: null,
    status: row.status,
    error: row.error,
    knowledge_version: 1,
    snapshot_id: "snap_v1",
    tag_catalog_hash: "tags",
    // Logged before migration 21: the row names its knowledge by snapshot only.
    knowledge_hash: null,
    request: row.request,
    resolved_doc_ids: row.resolved_doc_ids,
    result_hash: row.status === "ok" ? "hash" : null,
    delivery: row.delivery,
    budget_drops: debug.budget_drops ?? [],
    near_miss_edges: debug.near_miss_edges ?? [],
    layer_classification: debug.layer_classification ?? [],
    duration_ms: 2.5,
  };
}

describe("migration 12: the compact audit", () => {
  it("answers for every old row exactly what it answered before, and counts usage the same", () => {
    const ctx = project.context("admin");
    const path = ctx.kdb.path;
    ctx.close();
    const db = databaseBeforeCompactAudit(`${path}.old`);
    const usageBefore = db
      .prepare(
        "SELECT doc_id, COUNT(*) AS compiles, SUM(delivery = 'inline') AS inline FROM compile_deliveries GROUP BY doc_id ORDER BY doc_id",
      )
      .all();
    migrate(db, migrations);
    for (const row of OLD_ROWS) expect(readCompileLog(db, row.compile_id)).toEqual(answeredBefore(row));
    expect(documentUsage(db).map(({ doc_id, compiles, inline }) => ({ doc_id, compiles, inline }))).toEqual(
      usageBefore,
    );
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).not.toContain("compile_deliveries");
    // The row that packing would have changed is the only one kept as JSON.
    const formats = db
      .prepare("SELECT compile_id, hex(substr(outcome, 1, 1)) AS f FROM compile_log ORDER BY compile_id")
      .all();
    expect(formats).toEqual([
      { compile_id: "cmp_failed", f: "" },
      { compile_id: "cmp_odd", f: "00" },
      { compile_id: "cmp_ok", f: "01" },
    ]);
    db.close();
  });

  it("carries an export written before it forward on import", () => {
    const ctx = project.context("admin");
    const path = ctx.kdb.path;
    ctx.close();
    const old = databaseBeforeCompactAudit(`${path}.old`);
    writeFileSync(`${path}.json`, JSON.stringify(exportDatabase(old)));
    old.close();
    importDatabase(path, `${path}.json`);
    const db = openDatabase(path);
    for (const row of OLD_ROWS) expect(readCompileLog(db, row.compile_id)).toEqual(answeredBefore(row));
    db.close();
  });
});
