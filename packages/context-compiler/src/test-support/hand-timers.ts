// Timers for idle work (services/idle-work.ts) that a test steps by hand.
import type { IdleTimers } from "../services/idle-work.js";

/** Timers stepped by hand: `advance` moves the clock and runs what came due, `turn` runs one event-loop turn. */
export function handTimers() {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  let immediates: (() => void)[] = [];
  const api: IdleTimers = {
    now: () => now,
    after(ms, run) {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
    soon(run) {
      immediates.push(run);
      return () => {
        immediates = immediates.filter((r) => r !== run);
      };
    },
  };
  return {
    api,
    advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.run();
    },
    turn() {
      const run = immediates.shift();
      run?.();
      return run !== undefined;
    },
    /** Runs turns until none is left; how many ran. */
    drain() {
      let turns = 0;
      while (this.turn()) turns += 1;
      return turns;
    },
    pending: () => ({ timers: timers.length, immediates: immediates.length }),
  };
}
