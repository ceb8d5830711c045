// The current server run as episodic memory sees it: named after its first compile, with when it started,
// its surface and session; a new session learned while the server runs (a `/clear`) starts a new run.
// Each compile's memory rows travel with its audit row and are written in the same batch transaction
// (services/audit-batch.ts), in the background writer when the server has one.
import type { Clock } from "@archon/core";
import { clientSessionReader } from "../hooks/client-session.js";
import type { RunCompileMemory } from "../store/memory-runs.js";

export class RunRecorder {
  /** Named after the run's first compile, so a run takes no id of its own from the generator. */
  #runId: string | undefined;
  #startedAt: string;
  /** The session the current run learned; a different one (a `/clear` in the client) starts a new run. */
  #session: string | null = null;

  constructor(
    clock: Clock,
    private readonly surface: string,
    /** Best effort, asked at each compile: what a hook or the environment says the session is, else null. */
    private readonly sessionId: () => string | null,
  ) {
    this.#startedAt = clock.now().toISOString();
  }

  /** Undefined until the run's first compile. */
  get run_id(): string | undefined {
    return this.#runId;
  }

  /** The memory part of a compile made at `at` (ISO) over the normalized `files`. */
  compile(compile_id: string, files: readonly string[], at: string): RunCompileMemory {
    const session = this.sessionId();
    // A session is learned only at a compile, so a known one means the run has begun.
    if (session !== null && this.#session !== null && session !== this.#session) {
      // The client moved to another session while this server ran on: what follows is another run.
      this.#runId = undefined;
      this.#startedAt = at;
      this.#session = null;
    }
    this.#runId ??= compile_id.replace(/^cmp_/, "run_");
    this.#session ??= session;
    return {
      run: {
        run_id: this.#runId,
        started_at: this.#startedAt,
        last_seen_at: at,
        surface: this.surface,
        session_id: session ?? this.#session,
      },
      files: [...files],
    };
  }
}

/**
 * The session of a server's run: what a hook of the same client recorded from its input, else what the
 * client or its launcher put in the environment, else null.
 */
export function sessionIdFrom(projectRoot: string, env: NodeJS.ProcessEnv): () => string | null {
  const fromHooks = clientSessionReader(projectRoot);
  const fromEnv = env.ARCHON_SESSION_ID || null;
  return () => fromHooks() ?? fromEnv;
}
