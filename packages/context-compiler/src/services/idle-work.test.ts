import { describe, expect, it } from "vitest";
import { handTimers } from "../test-support/hand-timers.js";
import { IdleWork } from "./idle-work.js";

/** A piece of work in `total` slices, recording when each ran. */
function slices(total: number, clock: () => number) {
  const ran: number[] = [];
  return {
    ran,
    slice: () => {
      ran.push(clock());
      return ran.length < total;
    },
  };
}

describe("idle work", () => {
  it("waits for a quiet spell, then runs one slice per turn until the work says it is done", () => {
    const t = handTimers();
    const work = slices(3, t.api.now);
    new IdleWork(work.slice, 200, t.api);
    t.advance(199);
    expect(work.ran).toEqual([]);
    t.advance(1);
    expect(work.ran).toEqual([200]);
    expect(t.turn()).toBe(true);
    expect(t.turn()).toBe(true);
    expect(work.ran).toEqual([200, 200, 200]);
    expect(t.turn()).toBe(false);
    expect(t.pending()).toEqual({ timers: 0, immediates: 0 });
  });

  it("postpones the rest when it is touched between two slices, counting the quiet spell from the touch", () => {
    const t = handTimers();
    const work = slices(3, t.api.now);
    const idle = new IdleWork(work.slice, 200, t.api);
    t.advance(200);
    t.advance(10);
    idle.touch();
    t.turn();
    expect(work.ran).toEqual([200]);
    t.advance(199);
    expect(work.ran).toEqual([200]);
    t.advance(1);
    expect(work.ran).toEqual([200, 410]);
  });

  it("is woken for new work after it finished, and a wake while work is under way changes nothing", () => {
    const t = handTimers();
    let left = 1;
    let runs = 0;
    const idle = new IdleWork(
      () => {
        runs += 1;
        left -= 1;
        return left > 0;
      },
      200,
      t.api,
    );
    t.advance(200);
    expect(runs).toBe(1);
    idle.wake();
    idle.wake();
    expect(t.pending()).toEqual({ timers: 1, immediates: 0 });
    left = 2;
    t.advance(200);
    idle.wake();
    t.turn();
    expect(runs).toBe(3);
    expect(t.pending()).toEqual({ timers: 0, immediates: 0 });
  });

  it("runs nothing once stopped, and a wake after stop arms nothing", () => {
    const t = handTimers();
    const work = slices(5, t.api.now);
    const idle = new IdleWork(work.slice, 200, t.api);
    t.advance(200);
    idle.stop();
    t.turn();
    idle.wake();
    t.advance(1000);
    expect(work.ran).toEqual([200]);
    expect(t.pending()).toEqual({ timers: 0, immediates: 0 });
  });

  it("ends the round on a slice that throws, and starts again when woken", () => {
    const t = handTimers();
    let calls = 0;
    const idle = new IdleWork(
      () => {
        calls += 1;
        if (calls === 1) throw new Error("database is locked");
        return false;
      },
      200,
      t.api,
    );
    t.advance(200);
    expect(t.pending()).toEqual({ timers: 0, immediates: 0 });
    idle.wake();
    t.advance(200);
    expect(calls).toBe(2);
  });

  it("with a poll interval, looks again after each round, and a wake meanwhile starts after the quiet spell", () => {
    const t = handTimers();
    const work = slices(1, t.api.now);
    const idle = new IdleWork(work.slice, 200, t.api, 1000);
    t.advance(200);
    t.advance(999);
    expect(work.ran).toEqual([200]);
    t.advance(1);
    expect(work.ran).toEqual([200, 1200]);
    idle.wake();
    t.advance(200);
    expect(work.ran).toEqual([200, 1200, 1400]);
    expect(t.pending()).toEqual({ timers: 1, immediates: 0 });
    idle.stop();
    expect(t.pending()).toEqual({ timers: 0, immediates: 0 });
  });
});
