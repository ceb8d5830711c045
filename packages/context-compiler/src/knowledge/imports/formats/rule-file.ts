// What the editor rule formats share: the folder a rule is anchored to, its globs as edges, one-unit drafts.
import { globProblem } from "../../../read/glob.js";
import type { EdgeHint } from "../../edge-hints.js";
import type { Frontmatter } from "../frontmatter.js";
import { fileStem, humanize, type ImportDraft, slugOf } from "../import-item.js";
import { cleanHeading } from "../split-units.js";

export type RuleFormat = "agents" | "claude" | "copilot" | "cursor";
export const RULE_FORMATS: readonly RuleFormat[] = ["agents", "claude", "copilot", "cursor"];

/** What one file yields: its drafts and notes for the per-file report. */
export interface FileImport {
  file: string;
  format: RuleFormat;
  drafts: ImportDraft[];
  notes: string[];
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

/** The whole body of a rule file as one draft, or undefined when the body is empty. */
export function wholeBodyDraft(
  file: string,
  fm: Frontmatter,
  scope: { hints: EdgeHint[]; needs_scope?: string },
  idPrefix: readonly string[],
): ImportDraft | undefined {
  const lines = fm.body.split("\n");
  let a = 0;
  let b = lines.length - 1;
  while (a <= b && (lines[a] as string).trim() === "") a++;
  while (b >= a && (lines[b] as string).trim() === "") b--;
  if (a > b) return undefined;
  const content = lines.slice(a, b + 1).join("\n");
  const heading = lines.slice(a, b + 1).find((l) => /^#{1,2}\s+\S/.test(l));
  const description = typeof fm.data.description === "string" ? fm.data.description.trim() : "";
  const stem = fileStem(file);
  const title = heading
    ? cleanHeading(heading.replace(/^#{1,2}\s+/, ""))
    : description !== ""
      ? description.slice(0, 100)
      : humanize(stem);
  const start = fm.bodyLine + a;
  const end = fm.bodyLine + b;
  // Without frontmatter the unit is the file itself (give or take blank lines): no anchor needed.
  const wholeFile = fm.bodyLine === 1;
  return {
    file,
    source_path: wholeFile ? file : `${file}#L${start}-L${end}`,
    title,
    id_base: slugOf(...idPrefix, stem),
    content,
    edge_hints: scope.hints,
    ...(scope.needs_scope ? { needs_scope: scope.needs_scope } : {}),
  };
}
