// Ordered migrations, recorded in a table, each applied in its own transaction.
import { InternalError } from "../errors.js";
import type { Db } from "./open-database.js";

export interface Migration {
  /** Strictly increasing, never reused. */
  id: number;
  name: string;
  up(db: Db): void;
}

/** Applies every migration not yet recorded, in id order. Returns the ids applied now. */
export function migrate(db: Db, migrations: readonly Migration[]): number[] {
  const ordered = [...migrations].sort((a, b) => a.id - b.id);
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i]?.id === ordered[i - 1]?.id)
      throw new InternalError(`duplicate migration id ${ordered[i]?.id}`);
  }
  db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
  );
  const applied = new Set(
    (db.prepare("SELECT id FROM schema_migrations").all() as { id: number }[]).map((r) => r.id),
  );
  const record = db.prepare("INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)");
  const done: number[] = [];
  for (const migration of ordered) {
    if (applied.has(migration.id)) continue;
    // IMMEDIATE: two processes starting on a new file must not both run the same migration.
    db.transaction(() => {
      const again = db.prepare("SELECT 1 FROM schema_migrations WHERE id = ?").get(migration.id);
      if (again) return;
      migration.up(db);
      record.run(migration.id, migration.name, new Date().toISOString());
      done.push(migration.id);
    }).immediate();
  }
  return done;
}
