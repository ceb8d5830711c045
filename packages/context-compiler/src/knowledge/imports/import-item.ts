// The shapes an import moves through: a draft read from a file, and the reviewed plan item it becomes.
import type { DocKind } from "../../vocabulary/knowledge-model.js";
import type { EdgeHint } from "../edge-hints.js";

/** One import unit as a reader found it, before ids, kind, tags and flags are decided. */
export interface ImportDraft {
  /** Repo-relative file the unit came from. */
  file: string;
  /** The file plus an anchor (`docs/a.md#Heading` or `docs/a.md#L3-L9`) when the unit is part of it. */
  source_path: string;
  title: string;
  /** Words the doc_id is made from; made unique later. */
  id_base: string;
  content: string;
  edge_hints: EdgeHint[];
  /** Why the unit has no scope although the source describes one (a rule whose globs are all unusable). */
  needs_scope?: string;
  /** What a plan is matched against, for a rule its tool applies when relevant (no path edge). */
  description?: string;
  /** Tags the rule file's frontmatter states: a person chose them. */
  tags?: string[];
}

export type ImportFlag =
  | { flag: "overlap"; doc_id: string; score: number }
  | { flag: "item_overlap"; doc_id: string; score: number }
  /** More units or documents were like this one than the overlap check compares (near-duplicates). */
  | { flag: "overlap_capped" }
  | { flag: "already_imported"; doc_id: string; status: string }
  | { flag: "oversize"; bytes: number; limit: number }
  | { flag: "no_edge_hints" }
  | { flag: "needs_scope"; reason: string }
  | { flag: "secret"; warning: string };

/** A suggested document: what execute_import_plan takes back, after a reviewer has edited it. */
export interface ImportItem {
  doc_id: string;
  title: string;
  kind: DocKind;
  /** Which named rule chose the kind, so a reviewer can judge it. */
  kind_reason: string;
  /** One line a plan is matched against; set for rules applied when relevant. */
  description?: string;
  /** Tags a person wrote (frontmatter `tags:`); they become tag mappings. */
  tags?: string[];
  /** Tags inferred from the wording, for a reviewer to copy into `tags`; never written by themselves. */
  suggested_tags: string[];
  edge_hints: EdgeHint[];
  source_path: string;
  content: string;
  bytes: number;
  flags: ImportFlag[];
}

/** Where an imported rule reaches files: its edges, and its description for rules applied when relevant. */
export function reachText(scope: readonly string[], description: string | undefined, none: string): string {
  const parts = [...scope, ...(description ? [`when relevant: "${description}"`] : [])];
  return parts.join(", ") || none;
}

const MAX_SLUG = 60;

/** A doc_id-safe slug: lower case, ASCII letters and digits joined by `-`; "doc" when nothing is left. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG)
    .replace(/-+$/, "");
  return slug === "" ? "doc" : slug;
}

/** Joins slug parts, dropping a prefix the next part already starts with ("api" + "api-errors"). */
export function slugOf(...parts: string[]): string {
  const slugs = parts.map(slugify).filter((s) => s !== "doc");
  const joined: string[] = [];
  for (const s of slugs) {
    const previous = joined[joined.length - 1];
    if (previous !== undefined && (s === previous || s.startsWith(`${previous}-`))) joined.pop();
    joined.push(s);
  }
  return slugify(joined.join("-"));
}

/** Gives each base a unique id: the base itself, or base-2, base-3, ... avoiding `taken`. */
export function uniqueIds(bases: readonly string[], taken: ReadonlySet<string>): string[] {
  const used = new Set(taken);
  return bases.map((base) => {
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

/** The file name without folders or extension (`.instructions.md` and `.mdc` included). */
export function fileStem(file: string): string {
  const name = file.split("/").pop() ?? file;
  return name.replace(/\.instructions\.md$/i, "").replace(/\.(mdc|md|markdown|txt)$/i, "");
}

/** A file stem as a title: `api-errors` → `Api errors`. */
export function humanize(stem: string): string {
  const words = stem.replace(/[-_.]+/g, " ").trim();
  return words === "" ? stem : words.charAt(0).toUpperCase() + words.slice(1);
}
