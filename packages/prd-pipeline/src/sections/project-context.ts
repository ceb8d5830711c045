// What the project already decides for itself, read from its grounding: which concerns its own rules cover
// (a project rule beats a generic mandate) and which tables its schema declares (DDL may reference them).
import { archonGrounding, type ProjectRuleRef } from "./grounding-block.js";

export const CONCERNS = ["architecture", "data_model"] as const;
export type Concern = (typeof CONCERNS)[number];

const CONCERN_WORDS: Record<Concern, readonly string[]> = {
  architecture: [
    "architecture",
    "layer",
    "layers",
    "layering",
    "port",
    "ports",
    "adapter",
    "adapters",
    "hexagonal",
    "boundary",
    "boundaries",
    "repository",
    "through",
  ],
  data_model: [
    "table",
    "tables",
    "schema",
    "migration",
    "migrations",
    "database",
    "column",
    "columns",
    "prisma",
    "ddl",
    "sql",
    "stored",
  ],
};

export interface ProjectContext {
  /** doc_ids of the project's rules per concern; a concern with rules has its generic mandate lifted. */
  ownRules: Record<Concern, string[]>;
  /** Lower-case names of tables the project already has. */
  existingTables: string[];
}

export const NO_PROJECT_CONTEXT: ProjectContext = {
  ownRules: { architecture: [], data_model: [] },
  existingTables: [],
};

function concernsOf(rule: ProjectRuleRef): Concern[] {
  const words = new Set(`${rule.title} ${rule.excerpt}`.toLowerCase().split(/[^a-z_]+/));
  return CONCERNS.filter((c) => CONCERN_WORDS[c].some((w) => words.has(w)));
}

export function projectContextOf(grounding: unknown): ProjectContext {
  const archon = archonGrounding(grounding);
  if (!archon) return NO_PROJECT_CONTEXT;
  const ownRules: Record<Concern, string[]> = { architecture: [], data_model: [] };
  for (const rule of archon.rules) for (const c of concernsOf(rule)) ownRules[c].push(rule.doc_id);
  // Only the schema says which tables exist: a type name (`Logger`, `CustomerDto`) is no table.
  const tables = new Set(archon.tables.map((t) => t.toLowerCase()));
  return { ownRules, existingTables: [...tables].sort() };
}
