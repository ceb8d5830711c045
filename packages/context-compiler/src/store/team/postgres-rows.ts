// Postgres rows as the repository's values: `pg` returns bigint as a string and bytea as a Buffer, PGlite
// bigint as a number and bytea as a Uint8Array; both become what the SQLite dialect returns.
import type { ContentBlob, LoggedCall, TeamHead, VersionRecord } from "./team-repository.js";

type Big = string | number;
type Bytes = Uint8Array;

export type CallRow = Omit<LoggedCall, "seq" | "knowledge_version"> & { seq: Big; knowledge_version: Big };
export type VersionRow = Omit<VersionRecord, "knowledge_version" | "manifest"> & {
  knowledge_version: Big;
  manifest: Bytes;
};
export type BlobRow = { content_hash: string; content: Bytes };
export type HeadRow = { seq: Big; knowledge_version: Big };

/** A bigint column as a number; seqs and versions stay far below 2^53. */
const int = (value: Big) => Number(value);
const buffer = (bytes: Bytes) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));

export const toHead = (row: HeadRow): TeamHead => ({
  seq: int(row.seq),
  knowledge_version: int(row.knowledge_version),
});

export const toCall = (row: CallRow): LoggedCall => ({
  seq: int(row.seq),
  call_id: row.call_id,
  tool: row.tool,
  args: row.args,
  actor: row.actor,
  at: row.at,
  idempotency_key: row.idempotency_key,
  knowledge_version: int(row.knowledge_version),
});

export const toVersion = (row: VersionRow): VersionRecord => ({
  knowledge_version: int(row.knowledge_version),
  snapshot_id: row.snapshot_id,
  manifest_hash: row.manifest_hash,
  created_at: row.created_at,
  manifest: buffer(row.manifest),
  approved_by: row.approved_by,
});

export const toBlob = (row: BlobRow): ContentBlob => ({
  content_hash: row.content_hash,
  content: buffer(row.content).toString("utf8"),
});
