// Which server a database follows, and the refusal to turn a database with knowledge of its own into a
// replica: its versions would be overwritten by the server's, and they are nobody else's copy.
import { type Db, type IdGenerator, UserError } from "@archon/core";
import { markReplicaOf, replicaServer } from "../../store/team/replica.js";
import { readVersion } from "../../store/version.js";

/** The URL as kept in meta: http(s), no trailing slash, no query. */
export function serverUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UserError(
      `--server must be a URL, not "${raw}".`,
      "For example --server http://127.0.0.1:7420.",
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UserError(`--server must be an http or https URL, not "${raw}".`);
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** Throws, changing nothing, when this database may not follow `server`. */
export function assertMayFollow(db: Db, server: string): void {
  const current = replicaServer(db);
  const version = readVersion(db);
  if (current === undefined && version > 0)
    throw new UserError(
      `This database has knowledge of its own (knowledge_version ${version}), so it cannot become a replica of ${server}. Nothing was changed.`,
      "Sync into a fresh database instead: archon --db .archon/replica.db sync --server <URL> (keep a backup of this one with `archon export`).",
    );
  if (current !== undefined && current !== server && version > 0)
    throw new UserError(
      `This database is a replica of ${current}; it cannot switch to ${server}. Nothing was changed.`,
      "Use a fresh database (--db) for the other server.",
    );
}

/** Records `server` as the one this database follows (after assertMayFollow). */
export function follow(db: Db, server: string, ids: IdGenerator): void {
  markReplicaOf(db, server, ids.next("replica"));
}
