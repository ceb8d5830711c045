// Injected time, so pure code never reads the wall clock itself.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at `start` and moves only when told to; for tests and replays. */
export function manualClock(start: Date | string = "2026-01-01T00:00:00.000Z"): Clock & {
  advance(ms: number): void;
} {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}
