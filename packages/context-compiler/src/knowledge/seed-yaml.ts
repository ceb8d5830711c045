// A seed file's YAML as plain data, one list item at a time when the file has the plain shape seeds have:
// the whole file as one YAML document held 190 MB of syntax tree for 10k documents, and garbage collection
// of it was a third of the parse. Any other shape, and any problem, is read as one document, whose answer
// (and error messages) the item-wise read must never contradict.
import { createRequire } from "node:module";
import type { Composer } from "yaml";
import { plainItem } from "./seed-yaml-plain.js";

const require = createRequire(import.meta.url);
/** yaml loads with the first seed read, not at import: a server that never seeds starts without it. */
const yaml = () => require("yaml") as typeof import("yaml");

export interface ParsedYaml {
  value: unknown;
  /** yaml's own messages, with line and column; empty when the file parsed. */
  errors: string[];
}

const TOP_KEYS: ReadonlySet<string> = new Set(["documents", "layer_rules"]);
const KEY_LINE = /^([a-z_]+):[ \t]*(#.*)?$/;
const ITEM_LINE = /^( *)-( |$)/;
const indentOf = (line: string) => line.length - line.trimStart().length;
const blank = (line: string) => line.trim() === "";
const comment = (line: string) => line.trimStart().startsWith("#");

function whole(text: string): ParsedYaml {
  const doc = yaml().parseDocument(text, { prettyErrors: true });
  if (doc.errors.length > 0) return { value: undefined, errors: doc.errors.map((e) => e.message) };
  return { value: doc.toJS() ?? {}, errors: [] };
}

/**
 * The items of each top-level list as line ranges, when every line is a top-level `key:`, a comment, a
 * blank line, or part of an item of a block list under the last key; undefined for anything else. A line
 * at the list's indentation starting with `- ` always opens an item: block scalars and nested keys of
 * an item sit deeper, and a quote or bracket left open across it makes its item fail to parse alone.
 * Blank lines stay with the item before them, where a kept block scalar (`|+`) counts them.
 */
export function itemRanges(lines: readonly string[]): Map<string, [number, number][]> | undefined {
  const lists = new Map<string, [number, number][]>();
  let items: [number, number][] | undefined;
  let indent = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const last = items?.[items.length - 1];
    // Most lines sit deeper than the list inside an item: spaces, then anything but a tab or the line's end.
    let spaces = 0;
    while (line.charCodeAt(spaces) === 32) spaces += 1;
    if (last && indent >= 0 && spaces > indent && spaces < line.length && line.charCodeAt(spaces) !== 9) {
      last[1] = i + 1;
      continue;
    }
    const key = KEY_LINE.exec(line);
    if (key) {
      const name = key[1] as string;
      if (!TOP_KEYS.has(name) || lists.has(name)) return undefined;
      items = [];
      lists.set(name, items);
      indent = -1;
      continue;
    }
    if (/^ *\t/.test(line)) return undefined;
    if (blank(line) || (comment(line) && (indent < 0 || indentOf(line) <= indent))) {
      if (last && blank(line)) last[1] = i + 1;
      continue;
    }
    if (!items) return undefined;
    const item = ITEM_LINE.exec(line);
    if (item && (indent < 0 || (item[1] as string).length === indent)) {
      indent = (item[1] as string).length;
      items.push([i, i + 1]);
    } else if (last && indentOf(line) > indent) last[1] = i + 1;
    else return undefined;
  }
  return lists;
}

/**
 * One item's text as data; undefined on any error or warning (an alias to another item's anchor throws).
 * One composer reads every item, as one stream of documents: a parser per item costs more than the item.
 */
function alone(composer: Composer, text: string): unknown {
  const docs = [...composer.compose(new (yaml().Parser)().parse(text), true, text.length)];
  const doc = docs[0];
  if (docs.length !== 1 || !doc || doc.errors.length > 0 || doc.warnings.length > 0) return undefined;
  try {
    return doc.toJS();
  } catch {
    return undefined;
  }
}

/** The file's data; item by item when its shape allows, else (or on any doubt) as one document. */
export function parseSeedYaml(text: string): ParsedYaml {
  // Line ends other than \n are left to yaml itself, which knows how each kind of scalar folds them.
  const lines = text.includes("\r") ? [] : text.split("\n");
  const ranges = lines.length > 0 ? itemRanges(lines) : undefined;
  if (!ranges) return whole(text);
  const value: Record<string, unknown[]> = {};
  const composer = new (yaml().Composer)();
  for (const [name, items] of ranges) {
    // `documents:` with nothing under it is null to YAML, and the schema's message for it is yaml's to give.
    if (items.length === 0) return whole(text);
    const out: unknown[] = [];
    for (const [from, to] of items) {
      const plain = plainItem(lines, from, to);
      if (plain) {
        out.push(plain);
        continue;
      }
      // Each line but the file's last ended in \n there, and a kept block scalar counts that one too.
      const parsed = alone(composer, `${lines.slice(from, to).join("\n")}${to < lines.length ? "\n" : ""}`);
      if (!Array.isArray(parsed) || parsed.length !== 1) return whole(text);
      out.push(parsed[0]);
    }
    value[name] = out;
  }
  return { value, errors: [] };
}
