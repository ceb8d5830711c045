// The team's shared store as one interface over two dialects: the ordered log of write tool calls, the
// immutable snapshot rows and content blobs they produced, the team's tokens, and the audit records
// replicas shipped for team-wide eval.
import type { ShippedAuditRow, ShippedCounts } from "./shipped-audit.js";
import type { TokenRow } from "./team-tokens.js";

/** One write tool call in the team's log, in the order the team applied them. */
export interface LoggedCall {
  /** 1, 2, 3, ... assigned at append: gapless, strictly increasing. */
  seq: number;
  /** Unique. */
  call_id: string;
  /** The tool name as defined (no prefix). */
  tool: string;
  /** Canonical JSON of the parsed arguments, stored as text and returned byte-identical. */
  args: string;
  /** The person of the token that made the call. */
  actor: string;
  /** ISO time the call ran at; replay uses it as the clock. */
  at: string;
  /** Unique when not null. */
  idempotency_key: string | null;
  /** The knowledge version after the call. */
  knowledge_version: number;
}

/** One immutable snapshot row, as the local `snapshots` table holds it. */
export interface VersionRecord {
  knowledge_version: number;
  snapshot_id: string;
  manifest_hash: string;
  created_at: string;
  /** Gzip bytes, returned byte-identical. */
  manifest: Buffer;
  approved_by: string | null;
}

export interface ContentBlob {
  content_hash: string;
  content: string;
}

/** The last call and the highest version stored; 0/0 when empty. */
export interface TeamHead {
  seq: number;
  knowledge_version: number;
}

/** The team's bearer tokens: the operations and rows of store/team/team-tokens.ts, over the shared store. */
export interface TeamTokenStore {
  insert(row: TokenRow & { secret_sha256: string }): Promise<void>;
  /** Every token, newest first, revoked ones included. */
  list(): Promise<TokenRow[]>;
  /** The live token whose secret hashes to this; undefined for an unknown or revoked one. */
  liveBySecretHash(secretSha256: string): Promise<TokenRow | undefined>;
  /** Marks a token revoked; false when there is no such live token. */
  revoke(tokenId: string, at: string): Promise<boolean>;
}

/** Shipped audit records (store/team/shipped-audit.ts), kept by compile_id: the first push of one wins. */
export interface TeamAuditStore {
  /** Stores the rows in one transaction, each unless its compile_id is held already. */
  insert(rows: readonly ShippedAuditRow[]): Promise<ShippedCounts>;
  /** Every row, ordered by created_at, then compile_id (byte order). */
  list(): Promise<ShippedAuditRow[]>;
}

/** What a write may do, inside the one transaction that holds the store's write lock. */
export interface LogWriter {
  head(): Promise<TeamHead>;
  /** The log's reads inside the write, where the store's own could wait on the lock this write holds. */
  callsAfter(seq: number, limit: number): Promise<LoggedCall[]>;
  versionsAfter(version: number, limit: number): Promise<VersionRecord[]>;
  callByIdempotencyKey(key: string): Promise<LoggedCall | undefined>;
  /**
   * Appends the call as seq head.seq + 1. Its knowledge_version must be the head's (so a call that made a
   * version is appended after its putVersion), else InternalError; a taken idempotency key is a UserError.
   */
  append(call: Omit<LoggedCall, "seq">): Promise<LoggedCall>;
  /** version.knowledge_version must be head.knowledge_version + 1 (else InternalError); blobs inserted when absent. */
  putVersion(version: VersionRecord, blobs: readonly ContentBlob[]): Promise<void>;
}

export interface TeamRepository {
  readonly dialect: "sqlite" | "postgres";
  head(): Promise<TeamHead>;
  /** Calls with seq > `seq`, ordered by seq, at most `limit`. */
  callsAfter(seq: number, limit: number): Promise<LoggedCall[]>;
  /** Versions above `version`, ordered by version, at most `limit`. */
  versionsAfter(version: number, limit: number): Promise<VersionRecord[]>;
  /** The blobs of these hashes, ordered by hash; unknown ones are absent. */
  contents(hashes: readonly string[]): Promise<ContentBlob[]>;
  callByIdempotencyKey(key: string): Promise<LoggedCall | undefined>;
  /**
   * Runs `fn` in one transaction holding the store's single write lock (across processes and instances);
   * everything it appends lands together, or nothing does when it throws.
   */
  write<T>(fn: (log: LogWriter) => Promise<T>): Promise<T>;
  readonly tokens: TeamTokenStore;
  readonly audit: TeamAuditStore;
  close(): Promise<void>;
}
