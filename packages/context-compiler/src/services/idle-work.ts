// Work a server does while nobody waits for it: it starts after a quiet spell and runs in short slices,
// one turn of the event loop each, so a request that arrives meanwhile waits at most for the slice under
// way and postpones the rest until the server is quiet again.

/** The clock and timers idle work runs on; injected so that tests step them by hand. */
export interface IdleTimers {
  now(): number;
  /** Runs `run` after `ms`; returns what cancels it. */
  after(ms: number, run: () => void): () => void;
  /** Runs `run` on a later turn of the event loop, after whatever input is already waiting. */
  soon(run: () => void): () => void;
}

/**
 * Node's timers. The quiet spell's timer is unref'd, so waiting for one never keeps a process alive. The
 * next slice's immediate is not: an unref'd immediate lets the event loop block on input, and the slice
 * would wait for the next request instead of running before it.
 */
export const nodeTimers: IdleTimers = {
  now: () => performance.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
  soon(run) {
    const immediate = setImmediate(run);
    return () => clearImmediate(immediate);
  },
};

/** What is armed: the wait for a quiet spell, the next slice of a round, or the next look once idle. */
type Armed = "quiet" | "slice" | "poll";

export class IdleWork {
  #lastActive: number;
  #cancel: (() => void) | undefined;
  #armed: Armed | undefined;
  #stopped = false;

  /**
   * `slice` does one bounded piece of work and says whether more is left. A round of slices starts once
   * nothing has touched this for `quietMs`; with `pollMs`, a finished round looks again every `pollMs`
   * (a slice that finds nothing to do returns false at once).
   */
  constructor(
    private readonly slice: () => boolean,
    private readonly quietMs: number,
    private readonly timers: IdleTimers = nodeTimers,
    private readonly pollMs?: number,
  ) {
    this.#lastActive = timers.now();
    this.#arm("quiet", quietMs);
  }

  /** Someone is being served: the next slice waits for a quiet spell counted from now. */
  touch(): void {
    this.#lastActive = this.timers.now();
  }

  /** There is work again (for example the knowledge changed); it starts after the next quiet spell. */
  wake(): void {
    if (this.#stopped || this.#armed === "quiet" || this.#armed === "slice") return;
    this.#cancel?.();
    this.#arm("quiet", this.quietMs);
  }

  stop(): void {
    this.#stopped = true;
    this.#cancel?.();
    this.#cancel = undefined;
    this.#armed = undefined;
  }

  #arm(armed: Armed, ms: number): void {
    this.#armed = armed;
    const run = () => this.#run();
    this.#cancel = armed === "slice" ? this.timers.soon(run) : this.timers.after(ms, run);
  }

  #run(): void {
    this.#cancel = undefined;
    this.#armed = undefined;
    if (this.#stopped) return;
    const quietFor = this.timers.now() - this.#lastActive;
    if (quietFor < this.quietMs) {
      this.#arm("quiet", this.quietMs - quietFor);
      return;
    }
    let more: boolean;
    try {
      more = this.slice();
    } catch {
      // Idle work only prepares what a request would do anyway; a failure here is met again, and
      // reported, by the request that needs it. The round ends; the next look or wake() starts another.
      more = false;
    }
    if (this.#stopped) return;
    if (more) this.#arm("slice", 0);
    else if (this.pollMs !== undefined) this.#arm("poll", this.pollMs);
  }
}
