// The grounding the PRD pipeline reads in-process: the project's Archon database opened read-only, and the
// questions a PRD run asks of it (what a feature touches, the rules for those files, recall, name checks).
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Db, openDatabase, UserError } from "@archon/core";
import { readProjectFile } from "../knowledge/project-path.js";
import { countApprovedDocuments } from "../store/documents.js";
import { loadKnowledge } from "../store/load-knowledge.js";
import { edgesTo, findSymbols, importsResolvingTo, indexCounts } from "../store/symbol-queries.js";
import { readRevisions } from "../store/version.js";
import { ARCHON_DB } from "../vocabulary/project-files.js";
import { combinedRecall, episodicRecall } from "./episodic-recall.js";
import { type FeatureTouches, featureTouches } from "./feature-touches.js";
import { type SchemaTable, schemaTables } from "./known-tables.js";
import { checkNames, looksLikeFile, type NameCheck } from "./name-checks.js";
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

export interface ProjectGrounding {
  readonly projectRoot: string;
  readonly dbPath: string;
  status(): GroundingStatus;
  touches(feature: string): FeatureTouches;
  rules(files: readonly string[], plan?: string): RulesForFiles;
  /** Recall over approved knowledge until an episodic memory source is plugged in. */
  readonly recall: RecallSource;
  /** Whether each backticked name a claim cites exists, as a file, endpoint, rule, table, column or symbol. */
  checkNames(names: readonly string[]): NameCheck[];
  /** The symbols a name denotes and their callers: what an impact query gives. */
  impact(name: string): SymbolImpact;
  /** Tables the project's schema files define (migrations, DDL, ORM models), never type names. */
  tables(): string[];
  /**
   * A file's text through the project read guard: inside the project root with links followed, neither a
   * FIFO, a folder nor a database, and at most `maxBytes`. Undefined when the guard refuses it or it does
   * not exist.
   */
  readText(path: string, maxBytes?: number): string | undefined;
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

/** Opens the database read-only; undefined when the project has none. Nothing here ever writes to it. */
export function openGrounding(
  projectRoot: string,
  options: { dbPath?: string; recall?: RecallSource } = {},
): ProjectGrounding | undefined {
  const dbPath = options.dbPath ?? join(projectRoot, ARCHON_DB);
  if (!existsSync(dbPath)) return undefined;
  const connection = reopeningConnection(dbPath);
  const current = connection.current;
  const recall = options.recall ?? combinedRecall([knowledgeRecall(current), episodicRecall(current)]);
  // The schema is read from files once per opening: a run asks for it at every step that grounds.
  let schema: SchemaTable[] | undefined;
  const tablesOfSchema = () => {
    schema ??= schemaTables(projectRoot);
    return schema;
  };
  return {
    projectRoot,
    dbPath,
    recall,
    status: () => groundingStatus(current()),
    touches: (feature) => featureTouches(current(), projectRoot, feature, tablesOfSchema()),
    rules: (files, plan) => rulesForFiles(current(), files, plan),
    checkNames(names) {
      const db = current();
      const ruleIds = new Set(loadKnowledge(db).rows.documents.map((d) => d.doc_id));
      return checkNames({ db, root: projectRoot, schema: tablesOfSchema(), ruleIds }, names);
    },
    impact: (name) => symbolImpact(current(), name),
    tables: () => [...new Set(tablesOfSchema().map((t) => t.table))],
    readText(path, maxBytes) {
      try {
        return readProjectFile(projectRoot, path, "path", maxBytes).text;
      } catch (error) {
        if (error instanceof UserError) return undefined;
        throw error;
      }
    },
    close: connection.close,
  };
}

/** A read-only connection, reopened when the file was swapped (`archon import`, a git pull) since the last call. */
function reopeningConnection(dbPath: string): { current(): Db; close(): void } {
  let db: Db = openDatabase(dbPath, { readonly: true });
  let inode = statSync(dbPath).ino;
  return {
    current() {
      const now = existsSync(dbPath) ? statSync(dbPath).ino : inode;
      if (now !== inode) {
        db.close();
        db = openDatabase(dbPath, { readonly: true });
        inode = now;
      }
      return db;
    },
    close() {
      if (db.open) db.close();
    },
  };
}

function groundingStatus(db: Db): GroundingStatus {
  const counts = indexCounts(db);
  return {
    knowledge_version: readRevisions(db).knowledge_version,
    documents: countApprovedDocuments(db),
    index: counts.files === 0 ? null : { files: counts.files, symbols: counts.symbols, edges: counts.edges },
  };
}

/** The symbols a name denotes, their callers, and (for a file name) the files importing it. */
function symbolImpact(db: Db, name: string): SymbolImpact {
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
}
