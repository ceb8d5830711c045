// The team store in a SQLite file of its own: WAL, one writer connection behind BEGIN IMMEDIATE (other
// processes) and the file's async mutex (this process), and a reader connection that sees only commits.
import { type Db, migrate, UserError } from "@archon/core";
import Database from "better-sqlite3";
import { mutexForFile } from "./file-mutex.js";
import { type LogStatements, withLogWriter } from "./log-writer.js";
import { insertShippedAudit, listShippedAudit } from "./shipped-audit.js";
import { sqliteTeamMigrations } from "./sqlite-migrations.js";
import type {
  ContentBlob,
  LoggedCall,
  TeamAuditStore,
  TeamHead,
  TeamRepository,
  TeamTokenStore,
  VersionRecord,
} from "./team-repository.js";
import { insertToken, listTokens, liveTokenBySecretHash, revokeToken } from "./team-tokens.js";

const CALL_COLUMNS = "seq, call_id, tool, args, actor, at, idempotency_key, knowledge_version";
const VERSION_COLUMNS = "knowledge_version, snapshot_id, manifest_hash, created_at, manifest, approved_by";
const BUSY_TIMEOUT_MS = 10_000;

export function openSqliteTeamRepository(path: string): TeamRepository {
  const { writer, reader } = openConnections(path);
  const mutex = mutexForFile(path);
  const statements = sqliteStatements(writer);
  const readHead = headOf(reader);
  let closed: Promise<void> | undefined;
  const inWriter = <T>(fn: () => Promise<T>) => mutex.run(() => immediate(writer, path, fn));

  // The same table and statements as the project database's own tokens (store/team/team-tokens.ts).
  const tokens: TeamTokenStore = {
    insert: (row) => inWriter(async () => insertToken(writer, row)),
    list: async () => listTokens(reader),
    liveBySecretHash: async (secretSha256) => liveTokenBySecretHash(reader, secretSha256),
    revoke: (tokenId, at) => inWriter(async () => revokeToken(writer, tokenId, at)),
  };

  // The same table and statements as a direct server's shipped audit (store/team/shipped-audit.ts).
  const audit: TeamAuditStore = {
    insert: (rows) => inWriter(async () => insertShippedAudit(writer, rows)),
    list: async () => listShippedAudit(reader),
  };

  return {
    dialect: "sqlite",
    head: async () => readHead(),
    callsAfter: async (seq, limit) => callsAfter(reader, seq, limit),
    versionsAfter: async (version, limit) => versionsAfter(reader, version, limit),
    contents: async (hashes) => {
      if (hashes.length === 0) return [];
      // json_each keeps the statement one shape for any number of hashes.
      return reader
        .prepare(
          `SELECT content_hash, content FROM content_blobs
           WHERE content_hash IN (SELECT value FROM json_each(?)) ORDER BY content_hash`,
        )
        .all(JSON.stringify(hashes)) as ContentBlob[];
    },
    callByIdempotencyKey: async (key) => callByKey(reader, key),
    write: (fn) =>
      inWriter(async () => {
        return withLogWriter(statements, fn);
      }),
    tokens,
    audit,
    // Waits for a write in flight, so closing never cuts one off half-done; closing twice is harmless.
    close: () => {
      closed ??= mutex.run(async () => {
        reader.close();
        writer.close();
      });
      return closed;
    },
  };
}

/** The writer (which migrates the file first) and the reader; a UserError when the file cannot be a team store. */
function openConnections(path: string): { writer: Db; reader: Db } {
  try {
    const writer = connect(path);
    migrate(writer, sqliteTeamMigrations);
    return { writer, reader: connect(path) };
  } catch (error) {
    throw new UserError(
      `Cannot open the team store ${path}: ${(error as Error).message}.`,
      "Give sqlite: a path to a new file or to a team store archon made, in a folder this process can write.",
    );
  }
}

/** `fn` inside BEGIN IMMEDIATE on the writer: committed when it returns, rolled back when it throws. */
async function immediate<T>(writer: Db, path: string, fn: () => Promise<T>): Promise<T> {
  try {
    writer.exec("BEGIN IMMEDIATE");
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") throw busy(path);
    throw error;
  }
  try {
    const result = await fn();
    writer.exec("COMMIT");
    return result;
  } finally {
    if (writer.inTransaction) writer.exec("ROLLBACK");
  }
}

/**
 * Not core's openDatabase: that one puts the file in DELETE journal mode, which needs the file to itself
 * and so fails while another connection has it open. WAL lets readers (and other processes' readers) keep
 * reading the last commit while a write is open.
 */
function connect(path: string): Db {
  const db = new Database(path);
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma("journal_mode = WAL");
  return db;
}

function headOf(db: Db): () => TeamHead {
  const statement = db.prepare(
    `SELECT (SELECT COALESCE(MAX(seq), 0) FROM call_log) AS seq,
            (SELECT COALESCE(MAX(knowledge_version), 0) FROM snapshots) AS knowledge_version`,
  );
  return () => statement.get() as TeamHead;
}

function callsAfter(db: Db, seq: number, limit: number): LoggedCall[] {
  return db
    .prepare(`SELECT ${CALL_COLUMNS} FROM call_log WHERE seq > ? ORDER BY seq LIMIT ?`)
    .all(seq, limit) as LoggedCall[];
}

function versionsAfter(db: Db, version: number, limit: number): VersionRecord[] {
  return db
    .prepare(
      `SELECT ${VERSION_COLUMNS} FROM snapshots WHERE knowledge_version > ? ORDER BY knowledge_version LIMIT ?`,
    )
    .all(version, limit) as VersionRecord[];
}

function callByKey(db: Db, key: string): LoggedCall | undefined {
  return db.prepare(`SELECT ${CALL_COLUMNS} FROM call_log WHERE idempotency_key = ?`).get(key) as
    | LoggedCall
    | undefined;
}

function sqliteStatements(db: Db): LogStatements {
  const head = headOf(db);
  return {
    head: async () => head(),
    callsAfter: async (seq, limit) => callsAfter(db, seq, limit),
    versionsAfter: async (version, limit) => versionsAfter(db, version, limit),
    callByIdempotencyKey: async (key) => callByKey(db, key),
    hasCallId: async (callId) =>
      db.prepare("SELECT 1 FROM call_log WHERE call_id = ?").get(callId) !== undefined,
    hasSnapshotId: async (snapshotId) =>
      db.prepare("SELECT 1 FROM snapshots WHERE snapshot_id = ?").get(snapshotId) !== undefined,
    insertCall: async (call) => {
      db.prepare(
        `INSERT INTO call_log (${CALL_COLUMNS})
         VALUES (@seq, @call_id, @tool, @args, @actor, @at, @idempotency_key, @knowledge_version)`,
      ).run(call);
    },
    insertVersion: async (version) => {
      db.prepare(
        `INSERT INTO snapshots (${VERSION_COLUMNS})
         VALUES (@knowledge_version, @snapshot_id, @manifest_hash, @created_at, @manifest, @approved_by)`,
      ).run(version);
    },
    insertMissingBlobs: async (blobs) => {
      const insert = db.prepare("INSERT OR IGNORE INTO content_blobs (content_hash, content) VALUES (?, ?)");
      for (const blob of blobs) insert.run(blob.content_hash, blob.content);
    },
  };
}

function busy(path: string): UserError {
  return new UserError(
    `The team store ${path} stayed locked by another process for ${BUSY_TIMEOUT_MS / 1000} s, so nothing was written.`,
    "Try again; if it stays locked, look for a stuck archon process using that file.",
  );
}
