// One seed list item read without the yaml library, when it keeps to the shapes archon.seed.yaml items take
// (a block mapping of lowercase keys whose values are plain or quoted one-line scalars, block lists of them,
// `[]`, or literal and folded block scalars): yaml's parse of a 10k-document seed was most of its time.
// Anything outside that subset, however harmless, answers undefined and yaml reads the item as before;
// a property test holds every answer given to yaml's own.

/** Characters every subset item may hold: printable ASCII and the plain BMP, none that any YAML reads as a line break. */
const PRINTABLE = /^[\x20-\x7e\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]*$/;
const ITEM_START = /^( *)- +(?=[^ ])/;
const KEY = /^([a-z][a-z_]{0,62}):(?: (.*))?$/;
/** Words the core schema reads as null or booleans, whether keys or values: left to yaml. */
const RESERVED: ReadonlySet<string> = new Set([
  "null",
  "Null",
  "NULL",
  "true",
  "True",
  "TRUE",
  "false",
  "False",
  "FALSE",
]);
const INT = /^(?:0|[1-9][0-9]{0,14})$/;
/** A plain scalar the core schema reads as a string: it starts where no number, null or indicator can. */
const PLAIN = /^[A-Za-z_/](?:[^#:]|:(?! |$))*$/;
const BLOCK_HEADER = /^[|>]-?$/;
const SEQ_ENTRY = /^- (.*)$/;

const indentOf = (line: string) => line.length - line.trimStart().length;
const GIVE_UP = Symbol("not in the subset");
type Scalar = string | number | never[];

function doubleQuoted(inner: string): string | typeof GIVE_UP {
  let out = "";
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i] as string;
    if (c === '"') return GIVE_UP;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const next = inner[++i];
    if (next === "\\" || next === '"') out += next;
    else if (next === "n") out += "\n";
    else if (next === "t") out += "\t";
    else return GIVE_UP;
  }
  return out;
}

/** A one-line value: `[]`, a quoted string, a small non-negative integer or a plain string. */
function scalar(raw: string): Scalar | typeof GIVE_UP {
  const text = raw.trim();
  if (text === "[]") return [];
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) return doubleQuoted(text.slice(1, -1));
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) {
    const inner = text.slice(1, -1);
    return inner.replaceAll("''", "").includes("'") ? GIVE_UP : inner.replaceAll("''", "'");
  }
  if (INT.test(text)) return Number(text);
  if (!PLAIN.test(text) || RESERVED.has(text)) return GIVE_UP;
  return text;
}

/**
 * The block scalar under a key at `keyIndent`, from line `from`. Only content without more-indented folded
 * lines, leading empty lines or lines of spaces alone is in the subset.
 */
function blockScalar(
  lines: readonly string[],
  from: number,
  keyIndent: number,
  header: string,
): { value: string; next: number } | typeof GIVE_UP {
  const first = lines[from];
  if (first === undefined || first === "") return GIVE_UP;
  const indent = indentOf(first);
  if (indent <= keyIndent) return GIVE_UP;
  const folded = header.startsWith(">");
  const body: string[] = [];
  let end = from;
  let i = from;
  for (; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === "") {
      body.push("");
      continue;
    }
    const at = indentOf(line);
    if (at <= keyIndent) break;
    if (at < indent || line.trim() === "" || (folded && at > indent)) return GIVE_UP;
    body.push(line.slice(indent));
    end = i + 1;
  }
  const content = body.slice(0, end - from);
  let value = "";
  if (folded) {
    let empties = -1;
    for (const line of content) {
      if (line === "") empties += 1;
      else {
        if (empties >= 0) value += empties === 0 ? " " : "\n".repeat(empties);
        value += line;
        empties = 0;
      }
    }
  } else value = content.join("\n");
  // Clipping keeps one final line break; yaml gives it even where the text ends without one.
  if (!header.endsWith("-")) value += "\n";
  return { value, next: i };
}

/** The block list under a key at `keyIndent`, from line `from`; every entry a one-line scalar. */
function blockList(
  lines: readonly string[],
  from: number,
  keyIndent: number,
): { value: Scalar[]; next: number } | typeof GIVE_UP {
  const first = lines[from];
  if (first === undefined) return GIVE_UP;
  const indent = indentOf(first);
  if (indent < keyIndent || !SEQ_ENTRY.test(first.slice(indent))) return GIVE_UP;
  const value: Scalar[] = [];
  let i = from;
  for (; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === "") continue;
    const at = indentOf(line);
    const entry = at === indent ? SEQ_ENTRY.exec(line.slice(indent)) : null;
    if (!entry) {
      if (at <= keyIndent) break;
      return GIVE_UP;
    }
    const item = scalar(entry[1] as string);
    if (item === GIVE_UP) return GIVE_UP;
    value.push(item);
  }
  return { value, next: i };
}

/**
 * The data of one list item (`- key: value` and the lines under it, lines `from` up to `to`) as yaml would
 * give it for those lines alone, or undefined when the item leaves the subset.
 */
export function plainItem(
  lines: readonly string[],
  from = 0,
  to = lines.length,
): Record<string, unknown> | undefined {
  for (let i = from; i < to; i++) if (!PRINTABLE.test(lines[i] as string)) return undefined;
  const item = lines.slice(from, to);
  const first = item[0] as string;
  const start = ITEM_START.exec(first);
  if (!start) return undefined;
  const keyIndent = (start[0] as string).length;
  // The first key sits on the dash's line; read as if it stood on its own at the keys' indentation.
  item[0] = " ".repeat(keyIndent) + first.slice(keyIndent);
  const out: Record<string, unknown> = {};
  let i = 0;
  while (i < item.length) {
    const line = item[i] as string;
    if (line === "") {
      i += 1;
      continue;
    }
    if (indentOf(line) !== keyIndent) return undefined;
    const pair = KEY.exec(line.slice(keyIndent));
    if (!pair) return undefined;
    const key = pair[1] as string;
    if (RESERVED.has(key) || Object.hasOwn(out, key)) return undefined;
    const raw = pair[2] ?? "";
    const head = raw.trim();
    let read: { value: unknown; next: number } | typeof GIVE_UP;
    if (head === "") read = blockList(item, i + 1, keyIndent);
    else if (BLOCK_HEADER.test(head)) read = blockScalar(item, i + 1, keyIndent, head);
    else {
      const value = scalar(raw);
      read = value === GIVE_UP ? GIVE_UP : { value, next: i + 1 };
    }
    if (read === GIVE_UP) return undefined;
    out[key] = read.value;
    i = read.next;
  }
  return out;
}
