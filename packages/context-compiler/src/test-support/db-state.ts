// Test helper: the whole database as row counts per table plus knowledge_version, to prove a call changed nothing.
import type { Db } from "@archon/core";

/** Row counts of every table plus knowledge_version: what "changes nothing" is checked against. */
export function dbState(db: Db): Record<string, unknown> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];
  const counts = Object.fromEntries(
    tables.map((t) => [t, db.prepare(`SELECT count(*) FROM "${t}"`).pluck().get()]),
  );
  return {
    ...counts,
    version: db.prepare("SELECT value FROM meta WHERE key = 'knowledge_version'").pluck().get(),
  };
}
