// The init manifest (migration 4): what bootstrapped the knowledge, and each template document's baseline hash.
import { canonicalJson, type Db } from "@archon/core";
import { statement } from "./statements.js";

export interface InitManifest {
  /** null: the project deliberately started without a template. */
  template: string | null;
  template_version: string | null;
  placeholders: Record<string, string>;
  applied_at: string;
  knowledge_version: number;
  /** Per template document, the content_hash the template gave it; sorted by doc_id. */
  documents: { doc_id: string; content_hash: string }[];
}

interface ManifestRow {
  template: string | null;
  template_version: string | null;
  placeholders: string;
  applied_at: string;
  knowledge_version: number;
}

export function readInitManifest(db: Db): InitManifest | undefined {
  const row = db
    .prepare(
      "SELECT template, template_version, placeholders, applied_at, knowledge_version FROM init_manifest WHERE id = 1",
    )
    .get() as ManifestRow | undefined;
  if (!row) return undefined;
  const documents = db
    .prepare("SELECT doc_id, content_hash FROM init_manifest_documents ORDER BY doc_id")
    .all() as InitManifest["documents"];
  return { ...row, placeholders: JSON.parse(row.placeholders) as Record<string, string>, documents };
}

/** Replaces the manifest as a whole. Call inside the transaction that made the matching knowledge change. */
export function writeInitManifest(db: Db, manifest: InitManifest): void {
  db.prepare("DELETE FROM init_manifest_documents").run();
  db.prepare(
    `INSERT INTO init_manifest (id, template, template_version, placeholders, applied_at, knowledge_version)
     VALUES (1, @template, @template_version, @placeholders, @applied_at, @knowledge_version)
     ON CONFLICT (id) DO UPDATE SET template = excluded.template, template_version = excluded.template_version,
       placeholders = excluded.placeholders, applied_at = excluded.applied_at,
       knowledge_version = excluded.knowledge_version`,
  ).run({
    template: manifest.template,
    template_version: manifest.template_version,
    placeholders: canonicalJson(manifest.placeholders),
    applied_at: manifest.applied_at,
    knowledge_version: manifest.knowledge_version,
  });
  const insert = db.prepare("INSERT INTO init_manifest_documents (doc_id, content_hash) VALUES (?, ?)");
  for (const doc of [...manifest.documents].sort((a, b) => (a.doc_id < b.doc_id ? -1 : 1)))
    insert.run(doc.doc_id, doc.content_hash);
}

/** The bootstrapped template, or undefined when none was applied (never initialised, or started empty). */
export function appliedTemplate(
  manifest: InitManifest | undefined,
): { template: string; version: string; manifest: InitManifest } | undefined {
  if (!manifest || manifest.template === null || manifest.template_version === null) return undefined;
  return { template: manifest.template, version: manifest.template_version, manifest };
}

/** The doc_ids a template bootstrapped, sorted: the compile orders them after the project's own (read/order.ts). */
export function templateDocIds(db: Db): string[] {
  return (
    db.prepare("SELECT doc_id FROM init_manifest_documents ORDER BY doc_id").all() as { doc_id: string }[]
  ).map((r) => r.doc_id);
}

/** Whether `docId` came from the applied template. */
export const isTemplateDocument = (db: Db, docId: string): boolean =>
  statement(db, "SELECT 1 FROM init_manifest_documents WHERE doc_id = ?").get(docId) !== undefined;

/**
 * Counts `docId` as a template's (a committed rule file says so) or as the project's own; keeps the
 * baseline hash of one already counted. Returns whether its membership changed.
 */
export function setTemplateDocument(db: Db, docId: string, contentHash: string | null): boolean {
  if (contentHash === null)
    return db.prepare("DELETE FROM init_manifest_documents WHERE doc_id = ?").run(docId).changes > 0;
  return (
    db
      .prepare("INSERT OR IGNORE INTO init_manifest_documents (doc_id, content_hash) VALUES (?, ?)")
      .run(docId, contentHash).changes > 0
  );
}
