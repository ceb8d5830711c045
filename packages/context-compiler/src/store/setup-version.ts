// The archon version a project was last set up with (meta key setup_version), so setup can say what changed.
import type { Db } from "@archon/core";

/** null before the first setup. */
export const readSetupVersion = (db: Db): string | null =>
  (db.prepare("SELECT value FROM meta WHERE key = 'setup_version'").pluck().get() as string | undefined) ??
  null;

export function recordSetupVersion(db: Db, version: string): void {
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('setup_version', ?)").run(version);
}
