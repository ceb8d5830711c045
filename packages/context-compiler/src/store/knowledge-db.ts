// The knowledge database handle: opened and migrated on first use, reopened when the file is replaced.
import { statSync } from "node:fs";
import { type Db, migrate, openDatabase } from "@archon/core";
import { migrations } from "./migrations/index.js";

export class KnowledgeDb {
  #db: Db;
  #inode: number | undefined;

  constructor(readonly path: string) {
    this.#db = KnowledgeDb.#open(path);
    this.#inode = KnowledgeDb.#inodeOf(path);
  }

  get db(): Db {
    return this.#db;
  }

  /**
   * Reopens the connection when the file at `path` is no longer the one we opened (a `git pull`
   * or `archon import` swaps it). Returns true when it reopened.
   */
  reopenIfReplaced(): boolean {
    const current = KnowledgeDb.#inodeOf(this.path);
    if (current === undefined || current === this.#inode) return false;
    this.#db.close();
    this.#db = KnowledgeDb.#open(this.path);
    this.#inode = KnowledgeDb.#inodeOf(this.path);
    return true;
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }

  static #open(path: string): Db {
    const db = openDatabase(path);
    migrate(db, migrations);
    return db;
  }

  static #inodeOf(path: string): number | undefined {
    if (path === ":memory:") return undefined;
    try {
      return statSync(path).ino;
    } catch {
      return undefined;
    }
  }
}
