import { describe, expect, it } from "vitest";
import { ReadWriteLock } from "./read-write-lock.js";

/** A task that runs until released by hand, recording when it starts and ends. */
function task(log: string[], name: string) {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    run: async () => {
      log.push(`${name} start`);
      await done;
      log.push(`${name} end`);
    },
    release: () => release(),
  };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("a read-write lock", () => {
  it("runs readers together, a writer alone, and readers that came after a waiting writer after it", async () => {
    const lock = new ReadWriteLock();
    const log: string[] = [];
    const [r1, r2, w, r3] = [task(log, "r1"), task(log, "r2"), task(log, "w"), task(log, "r3")];
    const all = [lock.read(r1.run), lock.read(r2.run), lock.write(w.run), lock.read(r3.run)];
    await turn();
    const whileReading = [...log];
    r1.release();
    r2.release();
    await turn();
    const whileWriting = [...log];
    w.release();
    await turn();
    r3.release();
    await Promise.all(all);
    expect({ whileReading, whileWriting, log }).toEqual({
      whileReading: ["r1 start", "r2 start"],
      whileWriting: ["r1 start", "r2 start", "r1 end", "r2 end", "w start"],
      log: ["r1 start", "r2 start", "r1 end", "r2 end", "w start", "w end", "r3 start", "r3 end"],
    });
  });

  it("lets the next holder in when a holder fails", async () => {
    const lock = new ReadWriteLock();
    const failed = lock.write(async () => {
      throw new Error("broken write");
    });
    await expect(failed).rejects.toThrow("broken write");
    expect(await lock.read(async () => "read after")).toBe("read after");
  });
});
