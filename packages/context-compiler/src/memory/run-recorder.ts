// The current server run as episodic memory sees it: each compile's files, plan and delivered documents,
// queued off the response path and written in one transaction per short window, like the audit rows.
// Memory is fail-open: a write that fails is dropped after a retry, never reported as a compile failure.
import type { Clock, Db } from "@archon/core";
import { type MemoryCompile, type RunRow, recordRunCompiles } from "../store/memory-runs.js";

/** How long a queued compile may wait for others to share its commit. */
const FLUSH_WINDOW_MS = 30;
/** Past this many queued compiles (the database refusing writes), the oldest are dropped. */
const MAX_PENDING = 1000;

export interface RunCompile {
  compile_id: string;
  files: readonly string[];
  plan: string | undefined;
  knowledge_version: number;
}

export class RunRecorder {
  /** Named after the run's first compile, so a run takes no id of its own from the generator. */
  #runId: string | undefined;
  readonly #startedAt: string;
  #pending: MemoryCompile[] = [];
  #scheduled = false;

  constructor(
    private readonly db: () => Db,
    private readonly clock: Clock,
    private readonly surface: string,
    /** Best effort: what the client or the environment says the session is, else null. */
    private readonly sessionId: string | null,
  ) {
    this.#startedAt = clock.now().toISOString();
  }

  /** Undefined until the run's first compile. */
  get run_id(): string | undefined {
    return this.#runId;
  }

  record(compile: RunCompile): void {
    this.#runId ??= compile.compile_id.replace(/^cmp_/, "run_");
    this.#pending.push({
      compile_id: compile.compile_id,
      run_id: this.#runId,
      created_at: this.clock.now().toISOString(),
      plan: compile.plan ?? null,
      files: [...compile.files],
      knowledge_version: compile.knowledge_version,
    });
    if (this.#pending.length > MAX_PENDING) this.#pending = this.#pending.slice(-MAX_PENDING);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setTimeout(() => {
      this.#scheduled = false;
      this.flush();
    }, FLUSH_WINDOW_MS).unref();
  }

  /** Writes the queued compiles; true when nothing is left queued. */
  flush(): boolean {
    if (this.#pending.length === 0) return true;
    const rows = this.#pending;
    this.#pending = [];
    const run: RunRow = {
      run_id: this.#runId as string,
      started_at: this.#startedAt,
      last_seen_at: rows[rows.length - 1]?.created_at ?? this.#startedAt,
      surface: this.surface,
      session_id: this.sessionId,
    };
    try {
      recordRunCompiles(this.db(), run, rows);
      return true;
    } catch {
      this.#pending = [...rows, ...this.#pending];
      return false;
    }
  }
}

/** The session id a client or its launcher put in the environment, if any. */
export const sessionIdFrom = (env: NodeJS.ProcessEnv): string | null => env.ARCHON_SESSION_ID || null;
