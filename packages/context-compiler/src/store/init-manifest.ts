// The init manifest (migration 4): what bootstrapped the knowledge, and each template document's baseline hash.
import { canonicalJson, type Db } from "@archon/core";
import { statement } from "./statements.js";
import { bumpRevision } from "./version.js";

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
function writeManifestRow(db: Db, manifest: Omit<InitManifest, "documents">): void {
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
}

export function writeInitManifest(db: Db, manifest: InitManifest): void {
  const before = templateDocIds(db).join("\n");
  db.prepare("DELETE FROM init_manifest_documents").run();
  writeManifestRow(db, manifest);
  const insert = db.prepare("INSERT INTO init_manifest_documents (doc_id, content_hash) VALUES (?, ?)");
  for (const doc of [...manifest.documents].sort((a, b) => (a.doc_id < b.doc_id ? -1 : 1)))
    insert.run(doc.doc_id, doc.content_hash);
  // Tells every process, in this transaction, that the documents a compile orders after the project's own
  // changed (sync_init_manifest adds an upgrade's new ones): a server's cached index is rebuilt.
  if (templateDocIds(db).join("\n") !== before) bumpRevision(db, "template_rev");
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

/**
 * The baseline of a template document whose installed text is not known (a rule file an older archon
 * wrote names its template only): it equals no content hash, so an upgrade counts the document as its
 * users' and never overwrites it.
 */
export const UNKNOWN_BASELINE = "unknown";

/** The baseline hash of `docId` when it came from the applied template; undefined for the project's own. */
export const templateBaseline = (db: Db, docId: string): string | undefined =>
  statement(db, "SELECT content_hash FROM init_manifest_documents WHERE doc_id = ?").pluck().get(docId) as
    | string
    | undefined;

/**
 * Counts `docId` as a template's (a committed rule file says so) or as the project's own. A `recorded`
 * baseline (the file states what the template installed) replaces the one held; otherwise the one held
 * is kept, and a document counted anew gets UNKNOWN_BASELINE. Returns whether its membership changed.
 */
export function setTemplateDocument(db: Db, docId: string, member: boolean, recorded?: string): boolean {
  if (!member)
    return db.prepare("DELETE FROM init_manifest_documents WHERE doc_id = ?").run(docId).changes > 0;
  const known = templateBaseline(db, docId) !== undefined;
  if (recorded !== undefined)
    db.prepare(
      `INSERT INTO init_manifest_documents (doc_id, content_hash) VALUES (?, ?)
       ON CONFLICT (doc_id) DO UPDATE SET content_hash = excluded.content_hash`,
    ).run(docId, recorded);
  else if (!known)
    db.prepare("INSERT INTO init_manifest_documents (doc_id, content_hash) VALUES (?, ?)").run(
      docId,
      UNKNOWN_BASELINE,
    );
  return !known;
}

/**
 * Records the template a committed rule file names as the applied one, for a database built from the
 * files alone (a fresh clone) or one a teammate's upgrade moved on: the file's version and placeholders
 * win. A manifest of another template is left as it is. Call inside the absorbing transaction.
 */
export function adoptTemplate(
  db: Db,
  template: { name: string; version: string; placeholders: Record<string, string> },
  at: string,
  knowledgeVersion: number,
): void {
  const held = readInitManifest(db);
  if (held?.template != null && held.template !== template.name) return;
  if (
    held?.template_version === template.version &&
    canonicalJson(held.placeholders) === canonicalJson(template.placeholders)
  )
    return;
  writeManifestRow(db, {
    template: template.name,
    template_version: template.version,
    placeholders: template.placeholders,
    applied_at: at,
    knowledge_version: knowledgeVersion,
  });
}
