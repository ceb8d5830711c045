// Setting or removing one MCP server in a Codex config.toml. smol-toml reads every statement and checks the
// result; the edit itself is made on the text, because re-serialising would drop the person's comments.
import { InternalError, UserError } from "@archon/core";
import { parse, stringify, type TomlTable } from "smol-toml";

export interface CodexServer {
  command: string;
  args: string[];
}

/** One `[table]` header or one `key = value` pair, with the lines it spans. */
interface Statement {
  start: number;
  /** The line after its last one: a value may run over several lines. */
  end: number;
  header: boolean;
  /** For a header, the table it opens; for a pair, the table it sits in. */
  table: string[];
  /** What the statement defines, nested from the document's root. */
  defines: TomlTable;
}

const isTable = (v: unknown): v is TomlTable =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** A TOML value as the file spells it; the library encodes strings, numbers, dates and arrays of them. */
function tomlValue(value: unknown): string {
  if (isTable(value)) return inlineTable(value);
  return stringify({ v: value } as TomlTable)
    .replace(/^v = /, "")
    .trim();
}

const tomlKey = (key: string) => (/^[A-Za-z0-9_-]+$/.test(key) ? key : tomlValue(key));

function inlineTable(table: TomlTable): string {
  const pairs = Object.entries(table).map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`);
  return pairs.length === 0 ? "{}" : `{ ${pairs.join(", ")} }`;
}

/** The `[mcp_servers.<name>]` table's lines, header first, arrays written on one line. */
export function codexTable(name: string, entry: CodexServer): string[] {
  return [
    `[mcp_servers.${tomlKey(name)}]`,
    `command = ${tomlValue(entry.command)}`,
    `args = [${entry.args.map(tomlValue).join(", ")}]`,
  ];
}

/** The keys a header names: `[a."b.c"]` parses to `{ a: { "b.c": {} } }`, one key per level. */
function headerPath(parsed: TomlTable): string[] {
  const path: string[] = [];
  let node: unknown = parsed;
  while (isTable(node) && Object.keys(node).length === 1) {
    const key = Object.keys(node)[0] as string;
    path.push(key);
    node = node[key];
  }
  return path;
}

const nest = (path: string[], value: TomlTable): TomlTable =>
  path.reduceRight<TomlTable>((inner, key) => ({ [key]: inner }), value);

/** The file's statements. A statement ends at the first line where it parses on its own. */
function statements(lines: string[]): Statement[] {
  const out: Statement[] = [];
  let table: string[] = [];
  for (let start = 0; start < lines.length; ) {
    const first = (lines[start] as string).trim();
    if (first === "" || first.startsWith("#")) {
      start++;
      continue;
    }
    let end = start + 1;
    let parsed: TomlTable | undefined;
    while (parsed === undefined) {
      try {
        parsed = parse(lines.slice(start, end).join("\n"));
      } catch {
        // The whole file parsed, so every statement ends before the file does.
        if (end >= lines.length) throw new InternalError(`a TOML statement at line ${start + 1} never ends`);
        end++;
      }
    }
    const header = first.startsWith("[");
    if (header) table = headerPath(parsed);
    out.push({ start, end, header, table, defines: header ? parsed : nest(table, parsed) });
    start = end;
  }
  return out;
}

/** `mcp_servers = { ... }`: the whole servers table written inline, which no other statement may extend. */
const INLINE_SERVERS = /^\s*(?:mcp_servers|"mcp_servers"|'mcp_servers')\s*=/;

interface Edit {
  start: number;
  end: number;
  lines: string[];
}

/**
 * Where the file defines `mcp_servers.<name>`: its own table (`main`, the header naming exactly it), any
 * sub-table of it, dotted keys reaching into it, or the inline servers table that holds it.
 */
function locate(lines: string[], name: string) {
  const found: { parts: Edit[]; main?: Edit; inline?: Statement } = { parts: [] };
  const all = statements(lines);
  all.forEach((s, i) => {
    if (s.header) {
      if (s.table[0] !== "mcp_servers" || s.table[1] !== name) return;
      // The table runs to its last statement before the next header; comments after it belong to what follows.
      let last = s;
      for (const next of all.slice(i + 1)) {
        if (next.header) break;
        last = next;
      }
      const part = { start: s.start, end: last.end, lines: [] };
      found.parts.push(part);
      if (s.table.length === 2) found.main = part;
    } else if (s.table.length === 0 && INLINE_SERVERS.test(lines[s.start] as string)) {
      found.inline = s;
    } else if (s.table[0] !== "mcp_servers" || s.table[1] !== name) {
      const servers = s.defines.mcp_servers;
      if (isTable(servers) && servers[name] !== undefined)
        found.parts.push({ start: s.start, end: s.end, lines: [] });
    }
  });
  return found;
}

/** Applies edits from the bottom up; a removal takes the blank line that set it apart with it. */
function applyEdits(lines: string[], edits: Edit[]): string[] {
  const out = [...lines];
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    let start = edit.start;
    const blank = (i: number) => i >= out.length || (out[i] as string).trim() === "";
    if (edit.lines.length === 0 && start > 0 && blank(start - 1) && blank(edit.end)) start--;
    out.splice(start, edit.end - start, ...edit.lines);
  }
  while (out.length > 0 && (out.at(-1) as string).trim() === "") out.pop();
  return out;
}

const toText = (lines: string[]) => (lines.length > 0 ? `${lines.join("\n")}\n` : "");

/** The document with `mcp_servers.<name>` set to `entry`, or taken out when `entry` is undefined. */
function withServer(doc: TomlTable, name: string, entry: CodexServer | undefined): TomlTable {
  const { [name]: _old, ...others } = isTable(doc.mcp_servers) ? doc.mcp_servers : {};
  // A spread copy: an interface has no index signature, an object literal's type does.
  const servers = entry === undefined ? others : { ...(doc.mcp_servers as TomlTable), [name]: { ...entry } };
  const { mcp_servers: _servers, ...rest } = doc;
  return Object.keys(servers).length > 0 ? { ...rest, mcp_servers: servers } : rest;
}

/** A document as comparable text: keys sorted, dates as TOML writes them, an empty servers table as none. */
function canonical(doc: TomlTable): string {
  const { mcp_servers: servers, ...rest } = doc;
  const pruned = isTable(servers) && Object.keys(servers).length === 0 ? rest : doc;
  return JSON.stringify(pruned, (_key, value: unknown) =>
    isTable(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) : value,
  );
}

function parseFile(path: string, text: string): TomlTable {
  try {
    return parse(text);
  } catch (error) {
    const { line } = error as { line?: number };
    const reason = `${line ? `line ${line}: ` : ""}${(error as Error).message.split("\n")[0]}`;
    throw new UserError(
      `${path} is not valid TOML (${reason}), so setup left it as it is.`,
      "Fix or remove it, then run setup again.",
    );
  }
}

/** Refusing an edit that would change more than the one server: the file is left untouched. */
const cannot = (path: string, name: string, entry: CodexServer | undefined) =>
  new UserError(
    `setup could not ${entry ? "set" : "take out"} mcp_servers.${name} in ${path} without changing other settings, so it left the file as it is.`,
    entry
      ? `Add this table to the file yourself:\n${codexTable(name, entry).join("\n")}`
      : `Take mcp_servers.${name} out of the file yourself.`,
  );

/** The new text, but only if it parses to exactly the old settings with the one server changed. */
function verified(path: string, doc: TomlTable, out: string, name: string, entry: CodexServer | undefined) {
  let after: TomlTable | undefined;
  try {
    after = parse(out);
  } catch {
    after = undefined;
  }
  if (after !== undefined && canonical(after) === canonical(withServer(doc, name, entry))) return out;
  throw cannot(path, name, entry);
}

/** The inline servers statement rewritten, keeping a comment after its closing brace (the check catches a miss). */
function inlineServers(lines: string[], inline: Statement, servers: TomlTable): Edit {
  const comment = /\}(\s*#[^"'}]*)$/.exec(lines[inline.end - 1] as string)?.[1] ?? "";
  const text = Object.keys(servers).length > 0 ? [`mcp_servers = ${inlineTable(servers)}${comment}`] : [];
  return { start: inline.start, end: inline.end, lines: text };
}

const splitLines = (text: string) => {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
};

/** The config text with `mcp_servers.<name>` set to `entry`; everything else, comments included, as it was. */
export function setCodexServer(path: string, text: string, name: string, entry: CodexServer): string {
  const doc = parseFile(path, text);
  const lines = splitLines(text);
  const { parts, main, inline } = locate(lines, name);
  if (doc.mcp_servers !== undefined && !isTable(doc.mcp_servers)) throw cannot(path, name, entry);
  if (inline) {
    const edit = inlineServers(lines, inline, { ...(doc.mcp_servers as TomlTable), [name]: { ...entry } });
    return verified(path, doc, toText(applyEdits(lines, [edit])), name, entry);
  }
  const table = codexTable(name, entry);
  if (main) main.lines = table;
  const out = applyEdits(lines, parts);
  if (!main) out.push(...(out.length > 0 ? [""] : []), ...table);
  return verified(path, doc, toText(out), name, entry);
}

/** The config's `mcp_servers.<name>` entry, if the file has one. */
export function codexServer(path: string, text: string, name: string): unknown {
  const servers = parseFile(path, text).mcp_servers;
  return isTable(servers) ? servers[name] : undefined;
}

/** The config text without `mcp_servers.<name>`; everything else as it was. */
export function removeCodexServer(path: string, text: string, name: string): string {
  const doc = parseFile(path, text);
  const lines = splitLines(text);
  const { parts, inline } = locate(lines, name);
  if (inline) {
    const { [name]: _removed, ...others } = doc.mcp_servers as TomlTable;
    parts.push(inlineServers(lines, inline, others));
  }
  return verified(path, doc, toText(applyEdits(lines, parts)), name, undefined);
}
