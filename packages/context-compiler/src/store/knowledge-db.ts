// The knowledge database handle: opened and migrated on first use, reopened when the file is replaced,
// and able to say why a write would not be kept.
import { statSync } from "node:fs";
import { type Db, migrate, openDatabase, type UserError } from "@archon/core";
import { damagedDatabaseError, truncation } from "./database-damage.js";
import {
  databaseOpenError,
  databaseProblemError,
  databaseWriteError,
  findDatabaseProblem,
} from "./database-errors.js";
import { migrations } from "./migrations/index.js";

export class KnowledgeDb {
  #db: Db;
  #inode: number | undefined;
  /** Set when a reopen happened that reopenIfReplaced's caller has not been told about yet. */
  #reopenedUnseen = false;

  /**
   * Throws a UserError when the path cannot hold a database (a folder that cannot be created, say), and a
   * DamagedDatabaseError when SQLite finds the file damaged (a file cut short fails its first read).
   */
  constructor(readonly path: string) {
    try {
      this.#db = KnowledgeDb.#open(path);
    } catch (error) {
      throw databaseOpenError(error, path) ?? error;
    }
    this.#inode = KnowledgeDb.#inodeOf(path);
  }

  get db(): Db {
    return this.#db;
  }

  /**
   * Reopens the connection when the file at `path` is no longer the one we opened (a `git pull` or
   * `archon import` swaps it). Returns true when the connection changed since the last call, whoever
   * reopened it, so that a cache built over the old file can be dropped.
   */
  reopenIfReplaced(): boolean {
    this.#reopen();
    const changed = this.#reopenedUnseen;
    this.#reopenedUnseen = false;
    return changed;
  }

  /**
   * Why a write now would not be kept (the file removed, swapped for something unopenable, or read-only),
   * as the error to show; undefined when it can be written. A replaced file is reopened first.
   */
  writeRefusal(): UserError | undefined {
    this.#reopen();
    const problem = findDatabaseProblem(this.path, this.#inode);
    return problem && databaseProblemError(problem, this.path);
  }

  /** A failed write as the clear error when the database's file or folder caused it, else unchanged. */
  explainFailure(error: unknown): unknown {
    return databaseWriteError(error, this.path, this.#inode) ?? error;
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }

  #reopen(): void {
    const current = KnowledgeDb.#inodeOf(this.path);
    if (current === undefined || current === this.#inode) return;
    let next: Db;
    try {
      next = KnowledgeDb.#open(this.path);
    } catch {
      // Whatever is at the path now cannot be opened: keep reading the copy still open (writeRefusal says so).
      return;
    }
    this.#db.close();
    this.#db = next;
    this.#inode = current;
    this.#reopenedUnseen = true;
  }

  static #open(path: string): Db {
    const db = openDatabase(path);
    try {
      const cut = truncation(db, path);
      if (cut) throw damagedDatabaseError(path, cut);
      migrate(db, migrations);
    } catch (error) {
      db.close();
      throw error;
    }
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
