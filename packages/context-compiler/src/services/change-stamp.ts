// Whether the database changed since the compile path last read it (store/change-stamp.ts): while it has
// not, a compile takes its index and the notices' database reads from memory. Any commit by any
// connection, the audit writer's included, makes the next compile read them again.
import type { Db } from "@archon/core";
import { readChangeStamp } from "../store/change-stamp.js";

export class ChangeStamp {
  /** The stamp the compile path's cached reads were taken at. */
  #seen: string | undefined;

  constructor(private readonly db: () => Db) {}

  /** True when nothing was committed since the last settle(); false before the first. */
  unchanged(): boolean {
    return this.#seen !== undefined && readChangeStamp(this.db()) === this.#seen;
  }

  /** Called before the reads are taken again: a commit after this makes the next check fail, never pass. */
  settle(): void {
    this.#seen = readChangeStamp(this.db());
  }

  forget(): void {
    this.#seen = undefined;
  }
}
