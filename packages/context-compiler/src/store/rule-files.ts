// What the database remembers of the committed rule files (migration 22): per file, the git blob last
// absorbed and the one archon last wrote; the commit last absorbed; and each absorption, to be told once.
import type { Db } from "@archon/core";

export interface RuleFileBase {
  path: string;
  doc_id: string | null;
  committed_oid: string | null;
  written_oid: string | null;
}

export function ruleFileBases(db: Db): Map<string, RuleFileBase> {
  const rows = db
    .prepare("SELECT path, doc_id, committed_oid, written_oid FROM rule_file_base ORDER BY path")
    .all() as RuleFileBase[];
  return new Map(rows.map((r) => [r.path, r]));
}

/** Records the blob a commit holds for `path` (null: no commit holds it any more). */
export function setCommittedOid(db: Db, path: string, docId: string | null, oid: string | null): void {
  db.prepare(
    `INSERT INTO rule_file_base (path, doc_id, committed_oid) VALUES (?, ?, ?)
     ON CONFLICT (path) DO UPDATE SET doc_id = COALESCE(excluded.doc_id, doc_id), committed_oid = excluded.committed_oid`,
  ).run(path, docId, oid);
}

/** Records the blob archon wrote to the working tree for `path` (null: archon removed the file). */
export function setWrittenOid(db: Db, path: string, docId: string | null, oid: string | null): void {
  db.prepare(
    `INSERT INTO rule_file_base (path, doc_id, written_oid) VALUES (?, ?, ?)
     ON CONFLICT (path) DO UPDATE SET doc_id = COALESCE(excluded.doc_id, doc_id), written_oid = excluded.written_oid`,
  ).run(path, docId, oid);
}

const META_COMMIT = "rule_files_commit";
/** Set once every approved document has its file; a database that starts empty starts with it set. */
export const META_RENDERED = "rule_files_rendered";

const readMeta = (db: Db, key: string): string | undefined =>
  db.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(key) as string | undefined;

const writeMeta = (db: Db, key: string, value: string): void => {
  db.prepare(
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(key, value);
};

/** The stamp of the commit (or working tree) whose rule files were last absorbed. */
export const absorbedStamp = (db: Db): string | undefined => readMeta(db, META_COMMIT);
export const recordAbsorbedStamp = (db: Db, stamp: string): void => writeMeta(db, META_COMMIT, stamp);

const META_REF_STAMP = "rule_files_ref_stamp";

/**
 * The ref stamp (knowledge/rule-files/ref-stamp.ts) the last absorption from git was taken at, when the
 * ref did not move while it ran: a process that opens at the same stamp has nothing to absorb.
 */
export const absorbedRefStamp = (db: Db): string | undefined => readMeta(db, META_REF_STAMP);
export function recordAbsorbedRefStamp(db: Db, stamp: string | null): void {
  if (stamp === null) db.prepare("DELETE FROM meta WHERE key = ?").run(META_REF_STAMP);
  else writeMeta(db, META_REF_STAMP, stamp);
}

/** Whether every approved document has been written to its rule file once (an older database had none). */
export const ruleFilesRendered = (db: Db): boolean => readMeta(db, META_RENDERED) === "1";
export const recordRuleFilesRendered = (db: Db): void => writeMeta(db, META_RENDERED, "1");

export interface RuleFileChange {
  change_id: number;
  absorbed_at: string;
  commit_oid: string | null;
  /** The commits that brought the change, newest first, each as "<short oid> <author>: <subject>". */
  commits: string[];
  changed: string[];
  removed: string[];
  /** Files that did not parse, each as "<path>:<line>: <problem>"; their previous knowledge stays. */
  problems: string[];
  knowledge_version: number;
  told: boolean;
}

export function recordRuleFileChange(db: Db, change: Omit<RuleFileChange, "change_id" | "told">): void {
  db.prepare(
    `INSERT INTO rule_file_changes (absorbed_at, commit_oid, commits, changed, removed, problems, knowledge_version)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    change.absorbed_at,
    change.commit_oid,
    JSON.stringify(change.commits),
    JSON.stringify(change.changed),
    JSON.stringify(change.removed),
    JSON.stringify(change.problems),
    change.knowledge_version,
  );
}

interface ChangeRow {
  change_id: number;
  absorbed_at: string;
  commit_oid: string | null;
  commits: string;
  changed: string;
  removed: string;
  problems: string;
  knowledge_version: number;
  told: number;
}

const fromRow = (r: ChangeRow): RuleFileChange => ({
  ...r,
  commits: JSON.parse(r.commits) as string[],
  changed: JSON.parse(r.changed) as string[],
  removed: JSON.parse(r.removed) as string[],
  problems: JSON.parse(r.problems) as string[],
  told: r.told === 1,
});

/** The most recent absorptions, newest first. */
export function recentRuleFileChanges(db: Db, limit: number): RuleFileChange[] {
  return (
    db.prepare("SELECT * FROM rule_file_changes ORDER BY change_id DESC LIMIT ?").all(limit) as ChangeRow[]
  ).map(fromRow);
}

/** The absorptions nobody was told of yet, oldest first, marked told in the same transaction. */
export function takeUntoldRuleFileChanges(db: Db): RuleFileChange[] {
  return db
    .transaction(() => {
      const rows = (
        db.prepare("SELECT * FROM rule_file_changes WHERE told = 0 ORDER BY change_id").all() as ChangeRow[]
      ).map(fromRow);
      db.prepare("UPDATE rule_file_changes SET told = 1 WHERE told = 0").run();
      return rows;
    })
    .immediate();
}
