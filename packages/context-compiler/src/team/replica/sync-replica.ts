// `archon sync`: pull every version after the local one until caught up, apply them all in one
// transaction, then push the outbox and, when the team opted in, ship the audit rows. An unreachable
// server is recorded as offline (the compile notice reads it) and reported; a successful sync clears it.
import { type Clock, type Db, type IdGenerator, UserError } from "@archon/core";
import { standingRules } from "../../knowledge/standing-rules/rules-on-disk.js";
import { auditToShip, countAuditToShip } from "../../store/audit-outbox.js";
import { compileSessions } from "../../store/memory-runs.js";
import {
  countUnpushed,
  markOffline,
  markOnline,
  markPushed,
  type OutboxRow,
  readReplicaState,
  setAuditCursor,
  setShipAudit,
  shipsAudit,
  unpushedOutbox,
} from "../../store/team/replica.js";
import { readVersion } from "../../store/version.js";
import { AUDIT_PUSH_LIMIT, PUSH_LIMIT, type SyncVersion, VERSIONS_LIMIT } from "../sync-wire.js";
import { applyVersions, type ServerNow } from "./apply-versions.js";
import { assertMayFollow, follow, serverUrl } from "./replica-role.js";
import { rerenderRulesFile } from "./replica-rules-file.js";
import { REQUEST_TIMEOUT_MS, ServerUnreachable, type TeamServerClient, teamServer } from "./sync-client.js";
import { findToken, saveToken, TOKEN_ENV } from "./token-store.js";

export interface SyncReport {
  server: string;
  from_version: number;
  to_version: number;
  pushed: number;
  duplicates: number;
  /** Observations the server's observe refused; they stay in the outbox, marked, and are not retried. */
  rejected: number;
  /** Audit rows the server acknowledged this run (0 unless the team opted in with --ship-audit). */
  shipped: number;
  /** Whether .archon/rules.md was rendered again for the server's standing rules. */
  rules_file_written: boolean;
  warnings: string[];
}

export interface SyncOptions {
  server?: string;
  token?: string;
  env: NodeJS.ProcessEnv;
  /** Wall-clock milliseconds the whole sync may take (a hook's deadline); each request also times out. */
  budgetMs?: number;
  /** Versions pulled so far out of those the server has beyond the local one. */
  onProgress?: (pulled: number, total: number) => void;
  /** Turns shipping audit rows on or off, and remembers it; left out, the remembered choice holds. */
  shipAudit?: boolean;
}

export interface SyncContext {
  db: Db;
  clock: Clock;
  ids: IdGenerator;
  /** Shipped audit records name target files relative to it. */
  projectRoot: string;
}

/** The first rows that fit in half of a push's body limit (always one): well under it, whatever their size. */
function byteBatch<T>(rows: readonly T[], bodyBytes: number, sized: (row: T) => unknown): T[] {
  const batch: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = Buffer.byteLength(JSON.stringify(sized(row)));
    if (batch.length > 0 && bytes + size > bodyBytes / 2) break;
    batch.push(row);
    bytes += size;
  }
  return batch;
}

const pushBatch = (rows: readonly OutboxRow[]) => byteBatch(rows, PUSH_LIMIT.bodyBytes, (r) => r.arguments);

/**
 * Ships the audit rows after the cursor, batch by batch; the cursor moves only past rows the server
 * acknowledged, so a failed push leaves them waiting and a retried one is a duplicate there, not a second row.
 */
async function shipAudit(ctx: SyncContext, client: TeamServerClient): Promise<number> {
  const { db, projectRoot } = ctx;
  if (!shipsAudit(db)) return 0;
  const sessions = compileSessions(db);
  let shipped = 0;
  for (;;) {
    const rows = auditToShip(db, projectRoot, sessions, AUDIT_PUSH_LIMIT.records);
    const batch = byteBatch(rows, AUDIT_PUSH_LIMIT.bodyBytes, (r) => r);
    const last = batch.at(-1);
    if (last === undefined) return shipped;
    await client.pushAudit(batch);
    setAuditCursor(db, last.compile_id);
    shipped += batch.length;
  }
}

/** Every version after `from`, page by page, and the server's state as its last page gave it. */
async function pullVersions(
  client: TeamServerClient,
  server: string,
  from: number,
  onProgress: SyncOptions["onProgress"],
): Promise<{ versions: SyncVersion[]; now: ServerNow | undefined }> {
  const versions: SyncVersion[] = [];
  let now: ServerNow | undefined;
  for (let after = from; ; ) {
    const answer = await client.versions(after, VERSIONS_LIMIT.max);
    now = { version: answer.server_version, tags: answer.tags, standing: answer.standing };
    if (answer.server_version < from)
      throw new UserError(
        `${server} is at knowledge_version ${answer.server_version}, behind this replica's ${from}: it is not the database this replica followed.`,
        "Ask the server's admin whether it was restored from an older backup; start a fresh replica database to follow it as it is now.",
      );
    versions.push(...answer.versions);
    onProgress?.(versions.length, answer.server_version - from);
    const last = answer.versions.at(-1);
    if (!answer.more || last === undefined) return { versions, now };
    after = last.knowledge_version;
  }
}

/** Pushes the outbox batch by batch, marking each observation with the server's answer; counts the answers. */
async function pushOutbox(
  ctx: SyncContext,
  client: TeamServerClient,
): Promise<{ pushed: number; duplicates: number; rejected: number }> {
  const { db, clock } = ctx;
  const counts = { pushed: 0, duplicates: 0, rejected: 0 };
  for (let rows = unpushedOutbox(db, PUSH_LIMIT.observations); rows.length > 0; ) {
    const batch = pushBatch(rows);
    const results = await client.push(
      batch.map((r) => ({ idempotency_key: r.idempotency_key, arguments: r.arguments })),
    );
    const at = clock.now().toISOString();
    db.transaction(() => {
      for (const r of results) markPushed(db, r.idempotency_key, r, at);
    })();
    for (const r of results)
      counts[r.status === "applied" ? "pushed" : r.status === "duplicate" ? "duplicates" : "rejected"] += 1;
    const next = unpushedOutbox(db, PUSH_LIMIT.observations);
    // A server that answered without marking anything would loop here forever.
    if (next.length > 0 && next[0]?.idempotency_key === rows[0]?.idempotency_key) break;
    rows = next;
  }
  return counts;
}

function resolveServer(db: Db, given: string | undefined): string {
  const server = given === undefined ? readReplicaState(db).server : serverUrl(given);
  if (server === null)
    throw new UserError(
      "This database is not a replica of a team server yet.",
      "Run `archon sync --server <URL> --token <token>` once; later runs need neither.",
    );
  return server;
}

export async function syncReplica(ctx: SyncContext, options: SyncOptions): Promise<SyncReport> {
  const { db, clock } = ctx;
  const server = resolveServer(db, options.server);
  assertMayFollow(db, server);
  if (options.shipAudit !== undefined) setShipAudit(db, options.shipAudit);
  const token = options.token ?? findToken(server, options.env);
  if (!token)
    throw new UserError(
      `No token for ${server}.`,
      `Pass it once with --token (kept outside the project, readable by you alone), or set ${TOKEN_ENV}.`,
    );
  const endsAt = Date.now() + (options.budgetMs ?? Number.POSITIVE_INFINITY);
  const client = teamServer(server, token, () => Math.min(REQUEST_TIMEOUT_MS, endsAt - Date.now()));
  const wasReplica = readReplicaState(db).server === server;
  const from = readVersion(db);
  let to = from;
  try {
    const { versions, now } = await pullVersions(client, server, from, options.onProgress);
    // The server answered: from here on this database follows it, and its token is worth keeping.
    if (!wasReplica) follow(db, server, ctx.ids);
    if (options.token) saveToken(server, options.token, options.env);
    const rulesBefore = standingRules(db);
    to = applyVersions(db, clock, versions, now).to_version;
    const rules = rerenderRulesFile(ctx.projectRoot, db, rulesBefore);
    const counts = await pushOutbox(ctx, client);
    const shipped = await shipAudit(ctx, client);
    markOnline(db);
    return { server, from_version: from, to_version: to, ...counts, shipped, ...rules };
  } catch (error) {
    if (!(error instanceof ServerUnreachable)) throw error;
    if (readReplicaState(db).server === server) markOffline(db, clock.now().toISOString(), error.message);
    const moved = to > from ? ` It pulled knowledge_version ${from} → ${to} before that.` : "";
    const audit = shipsAudit(db) ? `, and ${countAuditToShip(db)} audit row(s) wait to be shipped` : "";
    throw new UserError(
      `${error.message}.${moved} This replica keeps serving knowledge_version ${to}; ${countUnpushed(db)} observation(s) wait in the outbox${audit}.`,
      "Check that the team server runs and is reachable, then run `archon sync` again.",
    );
  }
}
