// Whether the names a PRD writes in backticks exist, each checked as the kind of thing it names: a file, an
// endpoint's route file, a rule's doc_id, a table or a column of the schema, a symbol of the index. A plain
// word that names nothing in the project (`monthly`, `true`, `422`) is left out rather than called missing.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "@archon/core";
import { findSymbols, indexedFiles } from "../store/symbol-queries.js";
import type { SchemaTable } from "./known-tables.js";

export interface NameCheck {
  name: string;
  /** An endpoint is a route path (`/api/invoices/export`), looked for as a route file; a rule is a doc_id. */
  kind: "file" | "symbol" | "endpoint" | "table" | "column" | "rule";
  exists: boolean;
  /** Where the project has it: the path, `path:line` of a symbol, `doc:<id>` of a rule. */
  where: string | null;
}

const looksLikeEndpoint = (name: string) =>
  /^(?:(?:GET|POST|PUT|PATCH|DELETE)\s+)?\/[\w\-/:{}[\].]*$/.test(name);
export const looksLikeFile = (name: string) => name.includes("/") || /\.[a-z]{1,5}$/.test(name);
/** A name shaped like code (camelCase, PascalCase, snake_case, dotted, called): worth calling missing. */
const looksLikeCode = (name: string) => /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]|_|\.|\(\)$|::/.test(name);

/** The route files an endpoint would live in (Next.js app and pages routers, and plain `routes/` folders). */
function routeFile(files: ReadonlySet<string>, endpoint: string): string | null {
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

export interface NameContext {
  db: Db;
  root: string;
  schema: readonly SchemaTable[];
  ruleIds: ReadonlySet<string>;
}

function checkOne(ctx: NameContext, files: ReadonlySet<string>, name: string): NameCheck | null {
  if (looksLikeEndpoint(name)) {
    const where = routeFile(files, name);
    return { name, kind: "endpoint", exists: where !== null, where };
  }
  if (ctx.ruleIds.has(name)) return { name, kind: "rule", exists: true, where: `doc:${name}` };
  const lower = name.toLowerCase();
  const [table, column] = lower.includes(".") ? lower.split(".", 2) : [lower, undefined];
  const declared = ctx.schema.find((t) => t.table === table);
  if (declared && column === undefined) return { name, kind: "table", exists: true, where: declared.path };
  if (declared && column !== undefined && declared.columns.includes(column))
    return { name, kind: "column", exists: true, where: `${declared.table}.${column} in ${declared.path}` };
  const owner = ctx.schema.find((t) => t.columns.includes(lower));
  if (owner) return { name, kind: "column", exists: true, where: `${owner.table}.${lower} in ${owner.path}` };
  if (looksLikeFile(name)) {
    const path = name.replace(/^\.\//, "");
    const exists = files.has(path) || existsSync(join(ctx.root, path));
    return { name, kind: "file", exists, where: exists ? path : null };
  }
  const first = findSymbols(ctx.db, name.replace(/\(\)$/, ""), 1).symbols[0];
  if (first) return { name, kind: "symbol", exists: true, where: `${first.path}:${first.start_line}` };
  return looksLikeCode(name) ? { name, kind: "symbol", exists: false, where: null } : null;
}

/** The checks of the distinct names, in order; names that name nothing and do not look like code are left out. */
export function checkNames(ctx: NameContext, names: readonly string[]): NameCheck[] {
  const files = new Set(indexedFiles(ctx.db).map((f) => f.path));
  return [...new Set(names)].flatMap((name) => {
    const check = checkOne(ctx, files, name);
    return check ? [check] : [];
  });
}
