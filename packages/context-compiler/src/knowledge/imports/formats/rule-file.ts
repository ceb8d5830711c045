// What the editor rule formats share: the folder a rule is anchored to, its globs as edges, whole-body drafts.
import { globProblem } from "../../../read/glob.js";
import type { EdgeHint } from "../../edge-hints.js";
import { userRegions } from "../archon-owned.js";
import { type Frontmatter, globList, readFrontmatter } from "../frontmatter.js";
import { fileStem, humanize, type ImportDraft, slugOf } from "../import-item.js";
import { cleanHeading } from "../split-units.js";

export const RULE_FORMATS = [
  "agents",
  "claude",
  "cline",
  "continue",
  "copilot",
  "cursor",
  "gemini",
  "kiro",
  "windsurf",
] as const;
export type RuleFormat = (typeof RULE_FORMATS)[number];

/** What one file yields: its drafts and notes for the per-file report. */
export interface FileImport {
  file: string;
  format: RuleFormat;
  drafts: ImportDraft[];
  notes: string[];
  /** Files its `@path` lines bring in (repo-relative), read with the scope of `scope` (a folder). */
  imports?: { paths: string[]; scope: string };
}

/** How a rule file says when it applies, as its format's frontmatter puts it. */
export interface Activation {
  /** Globs anchored to the owner folder; `**` for a rule applied to every file. */
  globs: string[];
  /** Applied when its description seems relevant (too): the document gets a description. */
  relevant: boolean;
  /** The frontmatter key the globs come from, named when none of them is usable. */
  key: string;
  notes?: string[];
}

/** One editor rule format whose files are one rule each. */
export interface RuleFileSpec {
  format: RuleFormat;
  /** The folder that anchors globs by its parent (`.cursor`, `.windsurf`). */
  marker: string;
  /** The rules folder (`.cursor/rules/`) whose subfolders prefix doc_ids, to keep nested ids apart. */
  nestedIn?: string;
  activation(data: Record<string, unknown>): Activation;
}

/** The folder that holds `marker` (`.cursor`, `.github`, `.claude`) in a repo-relative path; "" at the root. */
export function ownerFolder(file: string, marker: string): string {
  const segments = file.split("/");
  const at = segments.lastIndexOf(marker);
  return at <= 0 ? "" : segments.slice(0, at).join("/");
}

export const folderOf = (file: string) => file.split("/").slice(0, -1).join("/");

/**
 * A rule's glob as a repo-relative glob: anchored to `folder`, with a name-only pattern (`*.ts`)
 * matching at any depth, which is how editors read it.
 */
export function anchorGlob(folder: string, glob: string): string {
  let g = glob
    .trim()
    .replace(/^(\.\/)+/, "")
    .replace(/^\/+/, "");
  if (g !== "**" && !g.includes("/")) g = `**/${g}`;
  return folder === "" ? g : `${folder}/${g}`;
}

/** path_requires hints for the globs, anchored; unusable globs become notes instead of edges. */
export function scopeHints(folder: string, globs: readonly string[]): { hints: EdgeHint[]; notes: string[] } {
  const hints: EdgeHint[] = [];
  const notes: string[] = [];
  for (const glob of globs) {
    if (glob.startsWith("!")) {
      notes.push(`skipped negated glob "${glob}": archon edges only say where a rule applies`);
      continue;
    }
    const anchored = anchorGlob(folder, glob);
    const problem = globProblem(anchored);
    if (problem) notes.push(`skipped glob "${glob}": ${problem}`);
    else if (!hints.some((h) => h.source_value === anchored))
      hints.push({ edge_type: "path_requires", source_value: anchored });
  }
  return { hints, notes };
}

/** The last folder name of a path ("" at the root): what nested rules prefix their doc_ids with. */
export const baseName = (folder: string) => folder.split("/").pop() ?? "";

/** A rule file of one of the one-rule-per-file formats: its activation as edges or a description. */
export function readRuleFile(file: string, raw: string, spec: RuleFileSpec): FileImport {
  const fm = readFrontmatter(raw);
  const owner = ownerFolder(file, spec.marker);
  const activation = spec.activation(fm.data);
  const scope = scopeHints(owner, activation.globs);
  const needs_scope =
    scope.hints.length > 0 || activation.relevant
      ? undefined
      : `no usable glob in its ${activation.key}; give it path globs`;
  const inner = spec.nestedIn
    ? file
        .slice(file.indexOf(spec.nestedIn) + spec.nestedIn.length)
        .split("/")
        .slice(0, -1)
    : [];
  const body = bodyDrafts(file, fm, { hints: scope.hints, needs_scope, relevant: activation.relevant }, [
    baseName(owner),
    ...inner,
  ]);
  const notes = [...fm.problems, ...(activation.notes ?? []), ...scope.notes, ...body.notes];
  if (body.drafts.length === 0 && body.notes.length === 0) notes.push("empty rule body; nothing to import");
  return { file, format: spec.format, drafts: body.drafts, notes };
}

/** The frontmatter's `tags:`, which a person wrote; undefined when there are none. */
export function frontmatterTags(fm: Frontmatter): string[] | undefined {
  const tags = globList(fm.data.tags).filter((t) => t !== "");
  return tags.length > 0 ? tags : undefined;
}

/**
 * The body of a rule file as one draft per stretch of the user's text (one, unless archon's block sits
 * inside), blank edges trimmed. A relevant rule is described by its frontmatter description, else its title.
 */
function bodyDrafts(
  file: string,
  fm: Frontmatter,
  scope: { hints: EdgeHint[]; needs_scope: string | undefined; relevant: boolean },
  idPrefix: readonly string[],
): { drafts: ImportDraft[]; notes: string[] } {
  const lines = fm.body.split("\n");
  const { regions, notes } = userRegions(lines, fm.bodyLine);
  const stated = typeof fm.data.description === "string" ? fm.data.description.trim() : "";
  const tags = frontmatterTags(fm);
  const stem = fileStem(file);
  // Without frontmatter or archon's text the unit is the file itself (give or take blank lines): no anchor.
  const wholeFile = fm.bodyLine === 1 && notes.length === 0;
  const drafts = regions.flatMap((region): ImportDraft[] => {
    let a = region.from;
    let b = region.to - 1;
    while (a <= b && (lines[a] as string).trim() === "") a++;
    while (b >= a && (lines[b] as string).trim() === "") b--;
    if (a > b) return [];
    const heading = lines.slice(a, b + 1).find((l) => /^#{1,2}\s+\S/.test(l));
    const title = heading
      ? cleanHeading(heading.replace(/^#{1,2}\s+/, ""))
      : stated !== ""
        ? stated.slice(0, 100)
        : humanize(stem);
    return [
      {
        file,
        source_path: wholeFile ? file : `${file}#L${fm.bodyLine + a}-L${fm.bodyLine + b}`,
        title,
        id_base: slugOf(...idPrefix, stem),
        content: lines.slice(a, b + 1).join("\n"),
        edge_hints: scope.hints,
        ...(scope.needs_scope ? { needs_scope: scope.needs_scope } : {}),
        ...(scope.relevant ? { description: stated !== "" ? stated : title } : {}),
        ...(tags ? { tags } : {}),
      },
    ];
  });
  return { drafts, notes };
}
