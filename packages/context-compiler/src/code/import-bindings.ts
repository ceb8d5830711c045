// What each import of a file binds, from the captures of its import statements: the module as written, the
// member imported and the local name, by each language's rules for the forms that name nothing explicitly.
import type { Node } from "web-tree-sitter";
import type { Language } from "./languages.js";
import type { ExtractedImport } from "./symbol-model.js";

const lineOf = (node: Node) => node.startPosition.row + 1;
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The imports of one file, sorted, one record per binding; `matches` are the captures of each import match. */
export function importsOf(
  language: Language,
  matches: readonly Map<string, Node>[],
  text: string,
): ExtractedImport[] {
  const lines = text.split("\n");
  const records: (ExtractedImport & { statement: number })[] = [];
  for (const caps of matches) {
    const statement = caps.get("reference.import") as Node;
    const source = caps.get("import.source");
    if (!source) continue;
    const line = lineOf(statement);
    const base = { statement: statement.startIndex, line, text: (lines[line - 1] ?? "").trim() };
    records.push({ ...base, ...binding(language, caps, source.text) });
  }
  // A JavaScript import statement also matches the pattern for its bare form; keep the bound records.
  const bound = new Set(
    records.filter((r) => r.local !== null || r.imported !== null).map((r) => r.statement),
  );
  const seen = new Set<string>();
  const out: ExtractedImport[] = [];
  for (const { statement, ...record } of records) {
    const bare = record.local === null && record.imported === null;
    if (bare && bound.has(statement) && (language === "typescript" || language === "javascript")) continue;
    const key = `${statement}\0${record.source}\0${record.imported}\0${record.local}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(record);
  }
  return out.sort(
    (a, b) =>
      a.line - b.line ||
      cmp(a.source, b.source) ||
      cmp(a.imported ?? "", b.imported ?? "") ||
      cmp(a.local ?? "", b.local ?? ""),
  );
}

/** What one import binds, by the language's rules for the forms without an explicit name. */
function binding(
  language: Language,
  caps: ReadonlyMap<string, Node>,
  written: string,
): Pick<ExtractedImport, "source" | "imported" | "local"> {
  const name = caps.get("import.name")?.text;
  const alias = caps.get("import.alias")?.text;
  const namespace = caps.get("import.namespace")?.text;
  if (language === "php") {
    const prefix = caps.get("import.prefix")?.text;
    const source = (prefix ? `${prefix}\\${written}` : written).replace(/^\\/, "");
    return { source, imported: null, local: alias ?? source.split("\\").at(-1) ?? source };
  }
  if (language === "go") {
    if (namespace === "_") return { source: written, imported: null, local: null };
    if (namespace === ".") return { source: written, imported: "*", local: null };
    return { source: written, imported: null, local: namespace ?? written.split("/").at(-1) ?? written };
  }
  if (caps.has("import.wildcard")) return { source: written, imported: "*", local: null };
  if (name !== undefined) return { source: written, imported: name, local: alias ?? name };
  const def = caps.get("import.default")?.text;
  if (def !== undefined) return { source: written, imported: "default", local: def };
  if (namespace !== undefined) return { source: written, imported: null, local: namespace };
  // `import a.b` binds the dotted name itself; a bare JavaScript import binds nothing.
  return { source: written, imported: null, local: language === "python" ? written : null };
}
