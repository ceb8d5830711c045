// Interned strings of the compact audit: doc ids, file paths, patterns, layers and reasons each stored
// once and named by a small integer in every packed row. Terms are only ever added, so an id read once
// stays right for the life of the database; each connection keeps its own cache.
import type { Db } from "@archon/core";
import type { TermIds, TermNames } from "./audit-pack.js";
import { statement } from "./statements.js";

export class AuditTerms implements TermIds, TermNames {
  readonly #ids = new Map<string, number>();
  readonly #names = new Map<number, string>();

  constructor(private readonly db: () => Db) {}

  /** The term's id, added when new; call inside the transaction that writes the row using it. */
  id(term: string): number {
    const cached = this.#ids.get(term);
    if (cached !== undefined) return cached;
    const db = this.db();
    statement(db, "INSERT OR IGNORE INTO audit_terms (term) VALUES (?)").run(term);
    const id = statement(db, "SELECT term_id FROM audit_terms WHERE term = ?").pluck().get(term) as number;
    this.#remember(id, term);
    return id;
  }

  term(id: number): string {
    const cached = this.#names.get(id);
    if (cached !== undefined) return cached;
    const term = this.db().prepare("SELECT term FROM audit_terms WHERE term_id = ?").pluck().get(id) as
      | string
      | undefined;
    if (term === undefined) throw new Error(`audit term ${id} is missing`);
    this.#remember(id, term);
    return term;
  }

  /** Reads every term at once: for a pass over many rows, which cannot query while it iterates. */
  loadAll(): void {
    const rows = this.db().prepare("SELECT term_id, term FROM audit_terms").all() as {
      term_id: number;
      term: string;
    }[];
    for (const { term_id, term } of rows) this.#remember(term_id, term);
  }

  /**
   * Forgets ids assigned inside a transaction that rolled back (they may be given to other terms), and
   * everything when the connection now points at another file.
   */
  reset(): void {
    this.#ids.clear();
    this.#names.clear();
  }

  #remember(id: number, term: string): void {
    this.#ids.set(term, id);
    this.#names.set(id, term);
  }
}
