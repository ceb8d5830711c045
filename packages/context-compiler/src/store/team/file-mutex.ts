// One async mutex per SQLite file in this process: a second connection waiting on SQLite's own lock would
// block the event loop, and with it the holder that must finish first.
import { realpathSync } from "node:fs";

export interface Mutex {
  /** Runs `fn` once every earlier holder has finished (whether it resolved or threw). */
  run<T>(fn: () => Promise<T>): Promise<T>;
}

function createMutex(): Mutex {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(fn: () => Promise<T>): Promise<T> {
      const result = tail.then(fn);
      tail = result.catch(() => {});
      return result;
    },
  };
}

// Kept for the life of the process: one small entry per team store file opened, which is a handful.
const byFile = new Map<string, Mutex>();

/** The mutex of the (existing) file at `path`, shared by every connection to it that this process opens. */
export function mutexForFile(path: string): Mutex {
  const key = realpathSync(path);
  let mutex = byFile.get(key);
  if (!mutex) {
    mutex = createMutex();
    byFile.set(key, mutex);
  }
  return mutex;
}
