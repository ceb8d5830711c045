// The grounding the PRD pipeline reads in-process: the project's Archon database opened read-only, and the
// questions a PRD run asks of it (what a feature touches, the rules for those files, recall, name checks).
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Db, openDatabase } from "@archon/core";
import { countApprovedDocuments } from "../store/documents.js";
import {
  edgesTo,
  findSymbols,
  importsResolvingTo,
  indexCounts,
  indexedFiles,
} from "../store/symbol-queries.js";
import { readRevisions } from "../store/version.js";
import { ARCHON_DB } from "../vocabulary/project-files.js";
import { combinedRecall, episodicRecall } from "./episodic-recall.js";
import { type FeatureTouches, featureTouches } from "./feature-touches.js";
import { knownTables } from "./known-tables.js";
import { type RulesForFiles, rulesForFiles } from "./project-rules.js";
import { knowledgeRecall, type RecallSource } from "./recall-source.js";

/** Where `archon` keeps a project's database unless told otherwise. */
export { ARCHON_DB };

export interface GroundingStatus {
  knowledge_version: number;
  documents: number;
  /** Null when the symbol index was never built (`archon reindex-symbols`). */
  index: { files: number; symbols: number; edges: number } | null;
}

export interface NameCheck {
  name: string;
  /** An endpoint is a route path (`/api/invoices/export`), looked for as a route file. */
  kind: "file" | "symbol" | "endpoint";
  exists: boolean;
  /** Where the index has it: the path, or `path:line` of the first symbol of that name. */
  where: string | null;
}

export interface ProjectGrounding {
  readonly projectRoot: string;
  readonly dbPath: string;
  status(): GroundingStatus;
  touches(feature: string): FeatureTouches;
  rules(files: readonly string[], plan?: string): RulesForFiles;
  /** Recall over approved knowledge until an episodic memory source is plugged in. */
  readonly recall: RecallSource;
  /** Whether each backticked file, symbol or endpoint a claim names is in the index. */
  checkNames(names: readonly string[]): NameCheck[];
  /** The symbols a name denotes and their callers: what an impact query gives. */
  impact(name: string): SymbolImpact;
  /** Tables the project's schema files define. */
  tables(): string[];
  close(): void;
}

export interface SymbolImpact {
  name: string;
  symbols: { symbol_id: string; path: string; line: number }[];
  callers: { from: string | null; path: string; line: number }[];
  /** Files that import a file the name denotes (for a file name). */
  importers: string[];
}

/** Whether the project has an Archon database at the usual place (or at `dbPath`). */
export function hasArchonDatabase(projectRoot: string, dbPath?: string): boolean {
  return existsSync(dbPath ?? join(projectRoot, ARCHON_DB));
}

const looksLikeEndpoint = (name: string) =>
  /^(?:(?:GET|POST|PUT|PATCH|DELETE)\s+)?\/[\w\-/:{}[\].]*$/.test(name);
const looksLikeFile = (name: string) => name.includes("/") || /\.[a-z]{1,5}$/.test(name);

/** The route files an endpoint would live in (Next.js app and pages routers, and plain `routes/` folders). */
function routeFiles(files: ReadonlySet<string>, endpoint: string): string | null {
  const path = endpoint.replace(/^[A-Z]+\s+/, "").replace(/\/+$/, "");
  const parts = path.split("/").filter((p) => p !== "");
  const open = (p: string) => /^[:{[]/.test(p);
  for (const file of files) {
    const segments = file.replace(/\.[a-z]+$/, "").split("/");
    const at = segments.findIndex((_segment, i) =>
      parts.every((p, j) => (open(p) ? segments[i + j] !== undefined : segments[i + j] === p)),
    );
    if (at === -1) continue;
    const rest = segments.slice(at + parts.length);
    if (rest.length === 0 || (rest.length === 1 && ["route", "index"].includes(rest[0] ?? ""))) return file;
  }
  return null;
}

/** Opens the database read-only; undefined when the project has none. Nothing here ever writes to it. */
export function openGrounding(
  projectRoot: string,
  options: { dbPath?: string; recall?: RecallSource } = {},
): ProjectGrounding | undefined {
  const dbPath = options.dbPath ?? join(projectRoot, ARCHON_DB);
  if (!existsSync(dbPath)) return undefined;
  let db: Db = openDatabase(dbPath, { readonly: true });
  let inode = statSync(dbPath).ino;
  /** The open connection, reopened when the file was swapped (`archon import`, a git pull) since the last call. */
  const current = (): Db => {
    const now = existsSync(dbPath) ? statSync(dbPath).ino : inode;
    if (now !== inode) {
      db.close();
      db = openDatabase(dbPath, { readonly: true });
      inode = now;
    }
    return db;
  };
  const recall = options.recall ?? combinedRecall([knowledgeRecall(current), episodicRecall(current)]);
  let tables: string[] | undefined;
  return {
    projectRoot,
    dbPath,
    recall,
    status() {
      const db = current();
      const counts = indexCounts(db);
      return {
        knowledge_version: readRevisions(db).knowledge_version,
        documents: countApprovedDocuments(db),
        index:
          counts.files === 0 ? null : { files: counts.files, symbols: counts.symbols, edges: counts.edges },
      };
    },
    touches: (feature) => featureTouches(current(), projectRoot, feature),
    rules: (files, plan) => rulesForFiles(current(), files, plan),
    checkNames(names) {
      const db = current();
      const files = new Set(indexedFiles(db).map((f) => f.path));
      return [...new Set(names)].map((name): NameCheck => {
        if (looksLikeEndpoint(name)) {
          const where = routeFiles(files, name);
          return { name, kind: "endpoint", exists: where !== null, where };
        }
        if (looksLikeFile(name)) {
          const path = name.replace(/^\.\//, "");
          const exists = files.has(path) || existsSync(join(projectRoot, path));
          return { name, kind: "file", exists, where: exists ? path : null };
        }
        const first = findSymbols(db, name.replace(/\(\)$/, ""), 1).symbols[0];
        return {
          name,
          kind: "symbol",
          exists: first !== undefined,
          where: first ? `${first.path}:${first.start_line}` : null,
        };
      });
    },
    impact(name) {
      const db = current();
      const symbols = findSymbols(db, name.replace(/\(\)$/, ""), 20).symbols;
      const callers = symbols.flatMap((s) =>
        edgesTo(db, s.symbol_id, "calls").map((e) => ({
          from: e.from_symbol_id,
          path: e.path,
          line: e.line,
        })),
      );
      const path = name.replace(/^\.\//, "");
      return {
        name,
        symbols: symbols.map((s) => ({ symbol_id: s.symbol_id, path: s.path, line: s.start_line })),
        callers: callers.slice(0, 50),
        importers: looksLikeFile(name) ? [...new Set(importsResolvingTo(db, [path]).map((i) => i.path))] : [],
      };
    },
    tables() {
      tables ??= knownTables(projectRoot);
      return tables;
    },
    close() {
      if (db.open) db.close();
    },
  };
}
