// Frontmatter of editor rule files, read forgivingly: unquoted globs, CRLF, or none at all; a repeated header is only warned of.
import { parse } from "yaml";
import { splitGlobList } from "../../read/glob-braces.js";
import { frontmatterBlock } from "./frontmatter-block.js";
import { normalizeNewlines } from "./split-units.js";

export interface Frontmatter {
  data: Record<string, unknown>;
  body: string;
  /** 1-based line of the file where `body` starts. */
  bodyLine: number;
  /** What could not be read, for the per-file report; never fatal. */
  problems: string[];
}

/** The keys editor rule formats use; a second `---` block made of them is a duplicated header, not prose. */
export const RULE_KEYS = [
  "description",
  "globs",
  "alwaysApply",
  "applyTo",
  "paths",
  "name",
  "trigger",
  "inclusion",
  "fileMatchPattern",
  "regex",
  "tags",
] as const;

/**
 * YAML first; when it fails (`globs: **\/*.ts` reads as an alias to YAML), each `key: value` line
 * is taken as written, with flow lists (`[a, b]`) and indented `- item` lists still understood.
 */
function parseMapping(yaml: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = parse(yaml);
    if (parsed === null || parsed === undefined) return {};
    if (typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    return undefined;
  } catch {
    const data = lineByLine(yaml);
    return Object.keys(data).length > 0 ? data : undefined;
  }
}

function lineByLine(yaml: string): Record<string, unknown> {
  // No prototype: a hostile file's `__proto__:` line is a key like any other, never the object's prototype.
  const data: Record<string, unknown> = Object.create(null);
  let listKey: string | undefined;
  for (const line of yaml.split("\n")) {
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item && listKey !== undefined) {
      (data[listKey] as string[]).push(unquote(item[1] as string));
      continue;
    }
    const pair = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!pair) continue;
    const [, key, raw] = pair as unknown as [string, string, string];
    listKey = undefined;
    const value = raw.trim();
    if (value === "") {
      data[key] = [];
      listKey = key;
    } else if (value.startsWith("[") && value.endsWith("]")) {
      data[key] = splitGlobList(value.slice(1, -1)).map(unquote);
    } else if (value === "true" || value === "false") {
      data[key] = value === "true";
    } else {
      data[key] = unquote(value);
    }
  }
  return data;
}

const unquote = (s: string) => s.trim().replace(/^(["'])(.*)\1$/, "$2");

/**
 * Splits a file into frontmatter data and body. Only the first block is frontmatter, as editors read
 * it: a second block of rule keys stays in the body verbatim, and a problem says its keys do nothing.
 */
export function readFrontmatter(raw: string): Frontmatter {
  const text = normalizeNewlines(raw);
  const first = frontmatterBlock(text);
  if (!first) return { data: {}, body: text, bodyLine: 1, problems: [] };
  const parsed = parseMapping(first.yaml);
  // A leading `---` rule followed by prose is not frontmatter: keep every line as body.
  if (parsed === undefined)
    return { data: {}, body: text, bodyLine: 1, problems: ["no readable frontmatter"] };
  const problems: string[] = [];
  const body = first.body;
  const lead = /^\s*/.exec(body)?.[0].length ?? 0;
  const second = frontmatterBlock(body.slice(lead));
  if (second) {
    const keys = Object.keys(parseMapping(second.yaml) ?? {});
    if (keys.length > 0 && keys.every((k) => (RULE_KEYS as readonly string[]).includes(k)))
      problems.push(
        `a second frontmatter block follows the first; editors read only the first, so the second is rule text and its keys (${keys.join(", ")}) have no effect`,
      );
  }
  // A header that ends the file without a newline leaves an empty body that starts past the last line.
  const head = first.head;
  const bodyLine = head.split("\n").length + (head.endsWith("\n") ? 0 : 1);
  return { data: parsed, body, bodyLine, problems };
}

/** A frontmatter value as a list of globs: a YAML list, or a comma-separated string (braces kept whole). */
export function globList(value: unknown): string[] {
  if (value === undefined || value === null || value === false) return [];
  const items = Array.isArray(value) ? value : [value];
  return items
    .filter((v): v is string | number => typeof v === "string" || typeof v === "number")
    .flatMap((v) => splitGlobList(String(v)))
    .map(unquote);
}
