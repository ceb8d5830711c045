// Tables the project already has, so a PRD's DDL may reference them: CREATE TABLE statements in .sql files
// and Prisma models, found by a bounded walk of the project (vendored and generated folders skipped).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

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

function schemaFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > MAX_DEPTH || found.length >= MAX_FILES) return;
    let entries: import("node:fs").Dirent[];
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
      } else if (e.name.endsWith(".sql") || e.name.endsWith(".prisma")) found.push(path);
    }
  };
  walk(root, 0);
  return found;
}

/** Lower-case table names, sorted: `create table [if not exists] name` and Prisma `model Name {` (with `@@map`). */
export function knownTables(root: string): string[] {
  const tables = new Set<string>();
  for (const file of schemaFiles(root)) {
    let text: string;
    try {
      if (statSync(file).size > MAX_FILE_BYTES) continue;
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const m of text.matchAll(
      /create\s+table\s+(?:if\s+not\s+exists\s+)?[`"[]?(?:\w+[`"\]]?\.)?[`"[]?(\w+)/gi,
    ))
      tables.add((m[1] ?? "").toLowerCase());
    for (const m of text.matchAll(/^model\s+(\w+)\s*\{/gm)) tables.add((m[1] ?? "").toLowerCase());
    for (const m of text.matchAll(/@@map\(\s*"(\w+)"\s*\)/g)) tables.add((m[1] ?? "").toLowerCase());
  }
  tables.delete("");
  return [...tables].sort();
}
