import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Nothing but SQLite opens a database file (database-files.ts says why). The sources of every package
// are read for Node's file-opening calls: a call that opens a descriptor stays in the two project-file
// guards, which refuse database files at run time, and no other opening call is handed a database path.
const PACKAGES = fileURLToPath(new URL("../../../", import.meta.url));

/** Node's calls that open a file and close it again, by the name they are imported or called under. */
const OPENERS = [
  "open",
  "openSync",
  "readFile",
  "readFileSync",
  "writeFile",
  "writeFileSync",
  "appendFile",
  "appendFileSync",
  "copyFile",
  "copyFileSync",
  "cp",
  "cpSync",
  "truncate",
  "truncateSync",
  "createReadStream",
  "createWriteStream",
];
const DESCRIPTOR_OPENERS = new Set(["open", "openSync", "createReadStream", "createWriteStream"]);
/**
 * The guards: they open project files by descriptor and refuse databases before they do. The folder
 * writer opens only new files (O_CREAT|O_EXCL) in a staging folder it made itself, never an existing one.
 */
const GUARDS = new Set([
  "context-compiler/src/knowledge/project-path.ts",
  "context-compiler/src/knowledge/project-write.ts",
  "context-compiler/src/knowledge/project-write-folder.ts",
]);
/** An argument that names a database: a variable, a field or a file name. */
const DATABASE_ARGUMENT = /(^|[^A-Za-z])(db|kdb)([^A-Za-z]|$)|db_?path|database|sqlite|\.db\b/i;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name === "dist" ? [] : sources(path);
    return /\.(ts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The names a file gives Node's openers: `import { readFileSync as read } from "node:fs"`, or `fs.readFileSync`. */
function openerNames(text: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(?:node:)?fs(?:\/promises)?"/g)) {
    for (const part of (match[1] as string).split(",")) {
      const [name, alias] = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/);
      if (name && OPENERS.includes(name)) names.set(alias ?? name, name);
    }
  }
  for (const match of text.matchAll(/import\s+\*\s+as\s+(\w+)\s+from\s*"(?:node:)?fs(?:\/promises)?"/g))
    for (const name of OPENERS) names.set(`${match[1]}.${name}`, name);
  return names;
}

/** The text of a call's first argument, up to its first comma or closing parenthesis at depth 0. */
function firstArgument(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === "]" || c === "}") && depth-- === 0) return text.slice(from, i);
    else if (c === "," && depth === 0) return text.slice(from, i);
  }
  return text.slice(from);
}

interface Opening {
  file: string;
  call: string;
  argument: string;
}

function openings(): Opening[] {
  return sources(PACKAGES).flatMap((path) => {
    const text = readFileSync(path, "utf8");
    const file = relative(PACKAGES, path).split("\\").join("/");
    return [...openerNames(text)].flatMap(([local, call]) => {
      const escaped = local.replace(".", "\\.");
      return [...text.matchAll(new RegExp(`(?<![\\w.])${escaped}\\(`, "g"))].map((m) => ({
        file,
        call,
        argument: firstArgument(text, (m.index as number) + m[0].length).trim(),
      }));
    });
  });
}

describe("nothing but SQLite opens a database file", () => {
  const found = openings();

  it("finds the file-opening calls it looks for (the scan itself works)", () => {
    expect(
      found.some((o) => o.file === "context-compiler/src/knowledge/project-path.ts" && o.call === "openSync"),
    ).toBe(true);
    expect(found.filter((o) => o.call === "readFileSync").length).toBeGreaterThan(20);
  });

  it("opens descriptors only in the project-file guards", () => {
    expect(found.filter((o) => DESCRIPTOR_OPENERS.has(o.call) && !GUARDS.has(o.file))).toEqual([]);
  });

  it("hands no database path to any other call that opens a file", () => {
    expect(found.filter((o) => DATABASE_ARGUMENT.test(o.argument))).toEqual([]);
  });
});
