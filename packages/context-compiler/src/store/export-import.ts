// Whole-database backup as JSON, and restore that replaces the database file atomically.
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { type Db, migrate, openDatabase, UserError } from "@archon/core";
import { migrations } from "./migrations/index.js";

export const EXPORT_FORMAT = "archon-export";
export const EXPORT_FORMAT_VERSION = 1;

/**
 * Tables in foreign-key order, each with the columns that order its rows and its BLOB column, if any.
 * compile_deliveries is gone since schema 12 and only ever read from older exports.
 */
const TABLES: { name: string; orderBy: string; blob?: string }[] = [
  { name: "meta", orderBy: "key" },
  { name: "content_blobs", orderBy: "content_hash" },
  { name: "documents", orderBy: "doc_id" },
  { name: "edges", orderBy: "edge_id" },
  { name: "layer_rules", orderBy: "rule_id" },
  { name: "snapshots", orderBy: "knowledge_version", blob: "manifest" },
  { name: "audit_terms", orderBy: "term_id" },
  { name: "compile_log", orderBy: "created_at, compile_id", blob: "outcome" },
  { name: "compile_deliveries", orderBy: "compile_id, doc_id" },
  { name: "tag_mappings", orderBy: "tag, doc_id" },
  { name: "tag_catalogs", orderBy: "tag_catalog_hash" },
  { name: "observations", orderBy: "created_at, observation_id" },
  { name: "proposals", orderBy: "created_at, proposal_id" },
  { name: "proposal_evidence", orderBy: "proposal_id, observation_id" },
  { name: "conflicts", orderBy: "created_at, conflict_id" },
  { name: "adapter_meta", orderBy: "target, piece" },
  { name: "init_manifest", orderBy: "id" },
  { name: "init_manifest_documents", orderBy: "doc_id" },
  { name: "sync_pushes", orderBy: "idempotency_key" },
  { name: "replica_outbox", orderBy: "created_at, idempotency_key" },
  { name: "shipped_audit", orderBy: "created_at, compile_id" },
];

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  format_version: number;
  schema_version: number;
  tables: Record<string, Record<string, unknown>[]>;
}

export function exportDatabase(db: Db): ExportFile {
  const schema_version = (db.prepare("SELECT MAX(id) AS v FROM schema_migrations").get() as { v: number }).v;
  const tables: ExportFile["tables"] = {};
  db.transaction(() => {
    for (const t of TABLES) {
      if (!tableExists(db, t.name)) continue;
      const rows = db.prepare(`SELECT * FROM ${t.name} ORDER BY ${t.orderBy}`).all() as Record<
        string,
        unknown
      >[];
      tables[t.name] = t.blob
        ? rows.map((r) => withBlob(r, t.blob as string, (b) => (b as Buffer).toString("base64")))
        : rows;
    }
  })();
  return { format: EXPORT_FORMAT, format_version: EXPORT_FORMAT_VERSION, schema_version, tables };
}

function tableExists(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** The row with its BLOB column converted (a NULL stays NULL). */
function withBlob(row: Record<string, unknown>, column: string, convert: (value: unknown) => unknown) {
  const value = row[column];
  return value === null || value === undefined ? row : { ...row, [column]: convert(value) };
}

function parseExport(path: string): ExportFile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UserError(
      `Cannot read ${path} as JSON: ${(error as Error).message}`,
      "Give a file written by `archon export`.",
    );
  }
  const file = data as Partial<ExportFile>;
  if (file?.format !== EXPORT_FORMAT || typeof file.tables !== "object" || file.tables === null) {
    throw new UserError(`${path} is not an archon export.`, "Give a file written by `archon export`.");
  }
  if (file.format_version !== EXPORT_FORMAT_VERSION) {
    throw new UserError(
      `${path} has export format ${file.format_version}; this archon reads format ${EXPORT_FORMAT_VERSION}.`,
    );
  }
  const newest = Math.max(...migrations.map((m) => m.id));
  if ((file.schema_version ?? 0) > newest) {
    throw new UserError(
      `${path} comes from a newer archon (schema ${file.schema_version}); upgrade archon to import it.`,
    );
  }
  return file as ExportFile;
}

/**
 * Replaces the database at `dbPath` with the export's content. The new database is built beside the
 * old one and renamed over it, so a reader sees either the old file or the new one, never a mix.
 */
export function importDatabase(
  dbPath: string,
  exportPath: string,
): { knowledge_version: number; rows: number } {
  const file = parseExport(exportPath);
  const temp = `${dbPath}.import-${process.pid}.tmp`;
  rmSync(temp, { force: true });
  const db = openDatabase(temp);
  let rows = 0;
  try {
    // Rows go in at the schema they were exported from; the migrations since then carry them forward.
    migrate(
      db,
      migrations.filter((m) => m.id <= file.schema_version),
    );
    db.transaction(() => {
      db.prepare("DELETE FROM meta").run();
      for (const t of TABLES) {
        if (!tableExists(db, t.name)) {
          if ((file.tables[t.name] ?? []).length === 0) continue;
          throw new UserError(
            `The export has rows for table ${t.name}, which schema ${file.schema_version} does not have.`,
          );
        }
        const known = new Set(
          (db.prepare(`PRAGMA table_info(${t.name})`).all() as { name: string }[]).map((c) => c.name),
        );
        for (const row of file.tables[t.name] ?? []) {
          const values = t.blob ? withBlob(row, t.blob, (v) => Buffer.from(String(v), "base64")) : row;
          const cols = Object.keys(values);
          const unknown = cols.filter((c) => !known.has(c));
          if (unknown.length > 0)
            throw new UserError(`Table ${t.name} in the export has unknown columns: ${unknown.join(", ")}.`);
          db.prepare(
            `INSERT INTO ${t.name} (${cols.join(", ")}) VALUES (${cols.map((c) => `@${c}`).join(", ")})`,
          ).run(values);
          rows += 1;
        }
      }
    })();
    migrate(db, migrations);
    const version = Number(
      (
        db.prepare("SELECT value FROM meta WHERE key = 'knowledge_version'").get() as
          | { value: string }
          | undefined
      )?.value ?? "0",
    );
    db.close();
    renameSync(temp, dbPath);
    return { knowledge_version: version, rows };
  } catch (error) {
    if (db.open) db.close();
    if (existsSync(temp)) rmSync(temp, { force: true });
    if (error instanceof UserError) throw error;
    throw new UserError(
      `The export could not be imported: ${(error as Error).message}. The database was not changed.`,
    );
  }
}
