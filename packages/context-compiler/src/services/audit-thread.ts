// The main thread's handle on the background audit writer (audit-worker.ts): posts rows, waits for a
// flush when someone is about to read the log or close it, and notices when the writer is gone.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import type { HandedAudit } from "./audit-entry.js";
import { FLAG, FLAG_SLOTS, type ThreadReply, type ThreadRequest } from "./audit-thread-protocol.js";
import { enterServing, leaveServing } from "./commit-gate.js";

/** How long a flush or a close waits for the writer before giving up on it. */
const WAIT_MS = 10_000;

/**
 * The built worker script. Under the test runner this module is TypeScript source, which a worker
 * cannot load; the build's copy beside dist/ is used then.
 */
function workerScript(): string | undefined {
  const here = fileURLToPath(new URL("./audit-worker.js", import.meta.url));
  if (existsSync(here)) return here;
  const built = here.replace(/([\\/])src([\\/]services[\\/])/, "$1dist$2");
  return existsSync(built) ? built : undefined;
}

export class AuditThread {
  readonly #worker: Worker;
  readonly #replies: MessagePort;
  readonly #flags: Int32Array;
  #seq = 0;
  #posted = 0;
  #stopped: Error | undefined;
  #closed = false;

  private constructor(worker: Worker, replies: MessagePort, flags: Int32Array) {
    this.#worker = worker;
    this.#replies = replies;
    this.#flags = flags;
    // The writer never keeps a finished process alive; a clean shutdown closes it first.
    worker.unref();
    worker.on("error", (error) => {
      this.#stopped = error;
    });
    worker.on("exit", (code) => {
      if (!this.#closed) this.#stopped ??= new Error(`the audit writer exited with code ${code}`);
    });
  }

  /** Undefined when there is no built worker script to run (then rows are written on the main thread). */
  static start(path: string): AuditThread | undefined {
    const script = workerScript();
    if (!script) return undefined;
    const shared = new SharedArrayBuffer(FLAG_SLOTS * Int32Array.BYTES_PER_ELEMENT);
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(script, {
      workerData: { path, flags: shared, replies: port2 },
      transferList: [port2],
    });
    return new AuditThread(worker, port1, new Int32Array(shared));
  }

  /** Rows posted that the writer has not written, when it stopped; undefined while it runs. */
  get lost(): { rows: number; reason: string } | undefined {
    if (!this.#stopped) return undefined;
    return { rows: this.#posted - Atomics.load(this.#flags, FLAG.written), reason: this.#stopped.message };
  }

  post(row: HandedAudit): void {
    this.#posted += 1;
    this.#send({ type: "rows", rows: [row] });
  }

  /** Around a compile: the writer does not commit meanwhile, and a commit under way is waited out. */
  serving<T>(compile: () => T): T {
    enterServing(this.#flags);
    try {
      return compile();
    } finally {
      leaveServing(this.#flags);
    }
  }

  /** What the writer reported since the last call (read synchronously, so no report waits for an event). */
  takeReplies(): ThreadReply[] {
    const replies: ThreadReply[] = [];
    for (let m = receiveMessageOnPort(this.#replies); m; m = receiveMessageOnPort(this.#replies))
      replies.push(m.message as ThreadReply);
    return replies;
  }

  /** Blocks until everything posted so far was written (or failed and was reported); false on a timeout. */
  flush(): boolean {
    if (this.#stopped) return false;
    this.#seq += 1;
    this.#send({ type: "flush", seq: this.#seq });
    return this.#waitFor(FLAG.flushed, this.#seq);
  }

  /** Writes what is queued and stops the writer; false when it did not answer in time. */
  close(): boolean {
    if (this.#closed) return true;
    this.#closed = true;
    if (this.#stopped) return false;
    this.#send({ type: "close" });
    const done = this.#waitFor(FLAG.closed, 1);
    this.#replies.close();
    return done;
  }

  #send(message: ThreadRequest): void {
    this.#worker.postMessage(message);
  }

  #waitFor(slot: number, value: number): boolean {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const now = Atomics.load(this.#flags, slot);
      if (now >= value) return true;
      const left = deadline - Date.now();
      if (left <= 0 || this.#stopped) return false;
      Atomics.wait(this.#flags, slot, now, Math.min(left, 100));
    }
  }
}
