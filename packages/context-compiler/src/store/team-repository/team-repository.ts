// PLACEHOLDER for the engine branch: replaced by the h-repo branch's interface at merge.
import type { TokenRow } from "../team-tokens.js";

export interface LoggedCall {
  seq: number;
  call_id: string;
  tool: string;
  args: string;
  actor: string;
  at: string;
  idempotency_key: string | null;
  knowledge_version: number;
}
export interface VersionRecord {
  knowledge_version: number;
  snapshot_id: string;
  manifest_hash: string;
  created_at: string;
  manifest: Buffer;
  approved_by: string | null;
}
export interface ContentBlob {
  content_hash: string;
  content: string;
}
export interface TeamHead {
  seq: number;
  knowledge_version: number;
}
export interface TeamTokenStore {
  insert(row: TokenRow & { secret_sha256: string }): Promise<void>;
  list(): Promise<TokenRow[]>;
  liveBySecretHash(hash: string): Promise<TokenRow | undefined>;
  revoke(tokenId: string, at: string): Promise<boolean>;
}
export interface TeamRepository {
  readonly dialect: "sqlite" | "postgres";
  head(): Promise<TeamHead>;
  callsAfter(seq: number, limit: number): Promise<LoggedCall[]>;
  versionsAfter(version: number, limit: number): Promise<VersionRecord[]>;
  contents(hashes: readonly string[]): Promise<ContentBlob[]>;
  callByIdempotencyKey(key: string): Promise<LoggedCall | undefined>;
  write<T>(fn: (log: LogWriter) => Promise<T>): Promise<T>;
  readonly tokens: TeamTokenStore;
  close(): Promise<void>;
}
export interface LogWriter {
  head(): Promise<TeamHead>;
  callsAfter(seq: number, limit: number): Promise<LoggedCall[]>;
  callByIdempotencyKey(key: string): Promise<LoggedCall | undefined>;
  append(call: Omit<LoggedCall, "seq">): Promise<LoggedCall>;
  putVersion(version: VersionRecord, blobs: readonly ContentBlob[]): Promise<void>;
}
