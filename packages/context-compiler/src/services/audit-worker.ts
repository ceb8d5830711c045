// The background audit writer: a worker thread with its own connection, so that the commit of a batch
// (two fsyncs in DELETE-journal mode) never runs on the thread answering requests. It writes what it is
// sent in a pause of the compiles, commits only while no compile runs (commit-gate.ts), retries what
// failed with the next batch, and reports failures on its reply port; the main thread reads them
// synchronously when the next compile is audited (INV-5). It runs at a lower priority than the main thread
// (thread-priority.ts): on a busy machine the request being answered gets the core first.
import { existsSync } from "node:fs";
import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { AuditTerms } from "../store/audit-terms.js";
import { KnowledgeDb } from "../store/knowledge-db.js";
import { AuditBatch } from "./audit-batch.js";
import type { HandedAudit } from "./audit-entry.js";
import { FLAG, type ThreadReply, type ThreadRequest } from "./audit-thread-protocol.js";
import { commitWhenIdle } from "./commit-gate.js";
import { lowerBackgroundThreadPriority } from "./thread-priority.js";

lowerBackgroundThreadPriority();

const {
  path,
  flags: shared,
  replies,
} = workerData as {
  path: string;
  flags: SharedArrayBuffer;
  replies: MessagePort;
};
const flags = new Int32Array(shared);
/**
 * Opened on the first write, and only once a file is at the path: opening would create an empty database
 * where the file was removed, and the rows would go there instead of into the file put back.
 */
let kdb: KnowledgeDb | undefined;
function database(): KnowledgeDb | undefined {
  if (!kdb && existsSync(path)) {
    try {
      kdb = new KnowledgeDb(path);
    } catch {
      // Not a database now; the rows wait for one.
    }
  }
  return kdb;
}
const terms = new AuditTerms(() => (kdb as KnowledgeDb).db);
const batch = new AuditBatch(
  () => (kdb as KnowledgeDb).db,
  terms,
  () => {
    const open = database();
    return open ? open.writeRefusal() : `no database at ${path}`;
  },
  (commit) => commitWhenIdle(flags, commit),
);

/**
 * A commit costs two fsyncs (tens of ms on a busy disk) and blocks every read of the file meanwhile, so
 * rows wait for a pause in the compiles (no row for QUIET_MS) to be written together; under a steady
 * stream of compiles, no row waits longer than MAX_AGE_MS. A flush or a close writes at once.
 */
const QUIET_MS = 30;
const MAX_AGE_MS = 1000;
let timer: NodeJS.Timeout | undefined;
let oldestAt = 0;
let lastAt = 0;

function schedule(): void {
  const now = Date.now();
  const wait = Math.min(lastAt + QUIET_MS, oldestAt + MAX_AGE_MS) - now;
  if (wait <= 0) writeNow();
  else timer = setTimeout(schedule, wait);
}

function reply(message: ThreadReply): void {
  replies.postMessage(message);
}

function writeNow(): void {
  clearTimeout(timer);
  timer = undefined;
  // A `git pull` may have swapped the file: write to the one at the path now, as the server reads it.
  if (kdb?.reopenIfReplaced()) terms.reset();
  const rows = batch.size;
  const failure = batch.write();
  if (failure) {
    const explained = kdb ? kdb.explainFailure(failure) : failure;
    const message = explained instanceof Error ? explained.message : failure.message;
    reply({ type: "failed", rows, message, dropped: batch.takeDropped() });
  } else {
    // Rows kept back while the database refuses writes are not written yet.
    Atomics.add(flags, FLAG.written, rows - batch.size);
  }
}

parentPort?.on("message", (message: ThreadRequest) => {
  if (message.type === "rows") {
    for (const row of message.rows as HandedAudit[]) batch.add(row);
    batch.prepare();
    lastAt = Date.now();
    if (timer === undefined) {
      oldestAt = lastAt;
      timer = setTimeout(schedule, QUIET_MS);
    }
  } else if (message.type === "flush") {
    writeNow();
    Atomics.store(flags, FLAG.flushed, message.seq);
    Atomics.notify(flags, FLAG.flushed);
  } else {
    writeNow();
    kdb?.close();
    Atomics.store(flags, FLAG.closed, 1);
    Atomics.notify(flags, FLAG.closed);
    parentPort?.close();
    replies.close();
  }
});
