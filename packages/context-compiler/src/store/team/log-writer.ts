// The rules every write to the team log keeps, whatever the dialect: gapless seqs, gapless versions, calls
// that agree with the versions, unique ids and idempotency keys. Dialects supply only the statements.
import { InternalError, UserError } from "@archon/core";
import type { ContentBlob, LoggedCall, LogWriter, TeamHead, VersionRecord } from "./team-repository.js";

/** The statements a dialect runs inside its write transaction, with the write lock held. */
export interface LogStatements {
  head(): Promise<TeamHead>;
  callsAfter(seq: number, limit: number): Promise<LoggedCall[]>;
  versionsAfter(version: number, limit: number): Promise<VersionRecord[]>;
  callByIdempotencyKey(key: string): Promise<LoggedCall | undefined>;
  hasCallId(callId: string): Promise<boolean>;
  hasSnapshotId(snapshotId: string): Promise<boolean>;
  insertCall(call: LoggedCall): Promise<void>;
  insertVersion(version: VersionRecord): Promise<void>;
  /** Inserts each blob whose hash is not stored yet; `blobs` holds each hash once. */
  insertMissingBlobs(blobs: readonly ContentBlob[]): Promise<void>;
}

/**
 * Runs `fn` with a LogWriter over one open write transaction, closed when `fn` settles: a write the
 * callback forgot to await must fail loudly, not land outside the lock.
 */
export async function withLogWriter<T>(
  statements: LogStatements,
  fn: (log: LogWriter) => Promise<T>,
): Promise<T> {
  const { log, close } = openLogWriter(statements);
  try {
    return await fn(log);
  } finally {
    close();
  }
}

function openLogWriter(statements: LogStatements): { log: LogWriter; close(): void } {
  let open = true;
  const live = <A extends unknown[], R>(op: (...args: A) => Promise<R>) => {
    return async (...args: A): Promise<R> => {
      if (!open) throw new InternalError("the team log was used after its write transaction ended");
      return op(...args);
    };
  };
  const log: LogWriter = {
    head: live(() => statements.head()),
    callsAfter: live((seq: number, limit: number) => statements.callsAfter(seq, limit)),
    versionsAfter: live((version: number, limit: number) => statements.versionsAfter(version, limit)),
    callByIdempotencyKey: live((key: string) => statements.callByIdempotencyKey(key)),
    append: live(async (call: Omit<LoggedCall, "seq">) => {
      const head = await statements.head();
      if (call.knowledge_version !== head.knowledge_version) {
        throw new InternalError(
          `call ${call.call_id} says knowledge version ${call.knowledge_version} but the team store is at ${head.knowledge_version}: put the version before appending the call that made it`,
        );
      }
      if (call.idempotency_key !== null) {
        const earlier = await statements.callByIdempotencyKey(call.idempotency_key);
        if (earlier) throw duplicateKey(call.idempotency_key, earlier);
      }
      if (await statements.hasCallId(call.call_id)) {
        throw new InternalError(`call id ${call.call_id} is already in the team log`);
      }
      const logged: LoggedCall = { seq: head.seq + 1, ...call };
      await statements.insertCall(logged);
      return logged;
    }),
    putVersion: live(async (version: VersionRecord, blobs: readonly ContentBlob[]) => {
      const head = await statements.head();
      if (version.knowledge_version !== head.knowledge_version + 1) {
        throw new InternalError(
          `knowledge version ${version.knowledge_version} cannot follow ${head.knowledge_version} in the team store: versions are gapless`,
        );
      }
      if (await statements.hasSnapshotId(version.snapshot_id)) {
        throw new InternalError(`snapshot ${version.snapshot_id} is already in the team store`);
      }
      await statements.insertMissingBlobs(eachHashOnce(blobs));
      await statements.insertVersion(version);
    }),
  };
  return {
    log,
    close: () => {
      open = false;
    },
  };
}

function duplicateKey(key: string, earlier: LoggedCall): UserError {
  return new UserError(
    `The idempotency key ${key} was already used by call ${earlier.call_id} (seq ${earlier.seq}, ${earlier.tool}), so this call was not applied again.`,
    "A retried push is already applied: read its result with callByIdempotencyKey instead of appending it again.",
    "idempotency_key",
  );
}

/** One blob per hash, in hash order, so every dialect inserts the same rows in the same order. */
function eachHashOnce(blobs: readonly ContentBlob[]): ContentBlob[] {
  const byHash = new Map(blobs.map((blob) => [blob.content_hash, blob]));
  return [...byHash.values()].sort((a, b) => (a.content_hash < b.content_hash ? -1 : 1));
}
