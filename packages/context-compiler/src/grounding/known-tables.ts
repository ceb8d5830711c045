// Tables the project already has, read from its schema: SQL DDL and migrations, Prisma models and the table
// names ORM models declare, found by a bounded walk (vendored and generated folders skipped). Never from
// type names: a `Logger` class is no table.
import type { Dirent } from "node:fs";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const SKIPPED = new Set([
  "node_modules",
  ".git",
  "dist",
  "build",
  ".next",
  "vendor",
  ".archon",
  "prd-output",
]);
const MAX_DEPTH = 6;
const MAX_FILES = 200;
const MAX_FILE_BYTES = 512 * 1024;

/** Where a code file may declare tables: migration, schema and model folders or names. */
const SCHEMA_PLACE =
  /(?:^|\/)(?:migrations?|migrate|schemas?|models?|entities|entity|db|database|drizzle)(?:\/|\.|$)/i;
const CODE_FILE = /\.(?:[cm]?[jt]s|py|rb)$/;

export interface SchemaTable {
  /** Lower-case table name. */
  table: string;
  /** Repo-relative path of the file that declares it. */
  path: string;
  /** Lower-case column names, where the declaration lists them (SQL DDL, Prisma); [] otherwise. */
  columns: string[];
}

function schemaFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > MAX_DEPTH || found.length >= MAX_FILES) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      if (found.length >= MAX_FILES) return;
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED.has(e.name) && !e.name.startsWith(".")) walk(path, depth + 1);
        continue;
      }
      // A link may point out of the project: only the project's own regular files are its schema.
      if (!e.isFile()) continue;
      const rel = relative(root, path).split("\\").join("/");
      const ddl = e.name.endsWith(".sql") || e.name.endsWith(".prisma");
      if (ddl || (CODE_FILE.test(e.name) && SCHEMA_PLACE.test(rel))) found.push(rel);
    }
  };
  walk(root, 0);
  return found;
}

type Declared = { name: string; columns: string[] };

/** A Prisma model's table: its `@@map("name")` when it has one, else the model's own name; its fields. */
function prismaTables(text: string): Declared[] {
  const tables: Declared[] = [];
  for (const m of text.matchAll(/^model\s+(\w+)\s*\{([^}]*)\}/gm)) {
    const body = m[2] ?? "";
    const mapped = /@@map\(\s*"(\w+)"\s*\)/.exec(body)?.[1];
    const columns = [...body.matchAll(/^\s+(\w+)\s+\w/gm)].map((f) => (f[1] ?? "").toLowerCase());
    tables.push({ name: mapped ?? m[1] ?? "", columns });
  }
  return tables;
}

const CONSTRAINTS = new Set([
  "primary",
  "foreign",
  "unique",
  "constraint",
  "check",
  "key",
  "index",
  "exclude",
]);

/** The columns a CREATE TABLE statement lists: the first word of each top-level definition. */
function ddlColumns(text: string, from: number): string[] {
  const open = text.indexOf("(", from);
  if (open === -1) return [];
  const columns: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth += 1;
    else if (ch === ")") depth -= 1;
    if ((ch === "," && depth === 1) || depth === 0) {
      const word = /^\s*[`"[]?(\w+)/.exec(text.slice(start, i))?.[1]?.toLowerCase();
      if (word && !CONSTRAINTS.has(word)) columns.push(word);
      start = i + 1;
    }
    if (depth === 0) break;
  }
  return columns;
}

// Each pattern captures a table name the way one schema language declares it.
const DECLARATIONS: readonly RegExp[] = [
  /create\s+table\s+(?:if\s+not\s+exists\s+)?[`"[]?(?:\w+[`"\]]?\.)?[`"[]?(\w+)/gi,
  /\b(?:pg|mysql|sqlite)Table\(\s*["'`](\w+)["'`]/g, // Drizzle
  /@Entity\(\s*(?:\{[^}]*?name:\s*)?["'](\w+)["']/g, // TypeORM
  /\btableName:\s*["'](\w+)["']/g, // Sequelize, Objection
  /\.createTable\(\s*["'](\w+)["']/g, // Knex migrations
  /\bcreate_table\s+[:"'](\w+)/g, // Rails migrations
  /\b(?:__tablename__|db_table)\s*=\s*["'](\w+)["']/g, // SQLAlchemy, Django
];

/** Every table the schema files declare, with the file that declares it, sorted by table then path. */
export function schemaTables(root: string): SchemaTable[] {
  const found = new Map<string, SchemaTable>();
  for (const path of schemaFiles(root)) {
    let text: string;
    try {
      if (statSync(join(root, path)).size > MAX_FILE_BYTES) continue;
      text = readFileSync(join(root, path), "utf8");
    } catch {
      continue;
    }
    const declared: Declared[] = path.endsWith(".prisma")
      ? prismaTables(text)
      : DECLARATIONS.flatMap((re, i) =>
          [...text.matchAll(re)].map((m) => ({
            name: m[1] ?? "",
            // Only SQL's CREATE TABLE (the first pattern) lists its columns in one place.
            columns: i === 0 ? ddlColumns(text, (m.index ?? 0) + m[0].length) : [],
          })),
        );
    for (const { name, columns } of declared) {
      const table = name.toLowerCase();
      if (table !== "") found.set(`${table}\u0000${path}`, { table, path, columns });
    }
  }
  return [...found.values()].sort((a, b) => cmp(a.table, b.table) || cmp(a.path, b.path));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
