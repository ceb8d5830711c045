// Whether the database file changed since the compile path last read it, told without a lock: SQLite's
// file change counter (header bytes 24-27, bumped by every commit in rollback-journal mode) read straight
// from the file. A compile that starts while the audit writer commits then reads nothing and waits for
// nothing: the writer says which counter its commit starts from, and its commit touches only the audit
// and episodic-memory tables, which nothing cached on the compile path depends on.
import { closeSync, openSync, readSync } from "node:fs";

const COUNTER_OFFSET = 24;

/** The file's change counter, as an int32 (the flags it is shared through are Int32); undefined when unreadable. */
export function readChangeCounter(path: string): number | undefined {
  if (path === ":memory:" || path === "") return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const bytes = Buffer.alloc(4);
    if (readSync(fd, bytes, 0, 4, COUNTER_OFFSET) !== 4) return undefined;
    return bytes.readInt32BE(0);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export class ChangeStamp {
  /** The counter the compile path's cached reads were taken at. */
  #seen: number | undefined;

  constructor(
    private readonly path: string,
    /** The counter the audit writer's commit under way (or last made) started from; undefined when none. */
    private readonly writerBase: () => number | undefined = () => undefined,
  ) {}

  /**
   * True when nothing the cached reads depend on changed: the counter is the one they were taken at, or
   * one past it by the writer's own commit (no other commit can come between: the writer holds the
   * write lock from its first write to its commit).
   */
  unchanged(): boolean {
    const seen = this.#seen;
    if (seen === undefined) return false;
    const now = readChangeCounter(this.path);
    if (now === undefined) return false;
    if (now === seen) return true;
    if (this.writerBase() === seen && now === ((seen + 1) | 0)) {
      this.#seen = now;
      return true;
    }
    return false;
  }

  /** Called before the reads are taken again: a commit after this makes the next check fail, never pass. */
  settle(): void {
    this.#seen = readChangeCounter(this.path);
  }

  forget(): void {
    this.#seen = undefined;
  }
}
