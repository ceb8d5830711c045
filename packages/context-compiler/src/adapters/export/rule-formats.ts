// Pure renderers: approved rules → each editor's own scoped rule files, one file per rule in the editor's folder.
import { expandAll, MAX_BRACE_ALTERNATIVES } from "../../read/glob-braces.js";
import { ownedFile } from "../../vocabulary/export-marker.js";
import type { ExportTarget, Intent, Rendered, TargetSkip } from "./export-targets.js";
import type { ExportRule } from "./knowledge-rules.js";
import { escapeImports } from "./markdown-escapes.js";
import {
  charLength,
  deferredDir,
  deferredFile,
  movedWarning,
  pointerText,
  WINDSURF_RULE_MAX_CHARS,
} from "./size-limits.js";

export type FolderTarget = Exclude<ExportTarget, "gemini" | "agents">;

/** YAML double-quoted scalars are JSON strings. */
const q = (s: string) => JSON.stringify(s);
const list = (key: string, values: readonly string[]) => [`${key}:`, ...values.map((v) => `  - ${q(v)}`)];
const summary = (r: ExportRule) => r.description ?? r.title;
/** The rule's globs with braces written out, for editors that cannot read brace groups. */
const plainGlobs = (r: ExportRule) => expandAll(r.globs).globs;

interface FolderFormat {
  dir: string;
  ext: string;
  /** The frontmatter lines, or why this editor has no way to load the rule as the knowledge means it. */
  frontmatter(rule: ExportRule): string[] | { skip: string };
  /** The body as this editor should read it; verbatim unless the editor gives some text a meaning. */
  body?(content: string): string;
  /** The frontmatter writes braces out (plainGlobs), so a glob past the brace bound is widened. */
  expandsBraces?: true;
}

const FORMATS: Record<FolderTarget, FolderFormat> = {
  // Cursor reads `globs` as one comma-separated string and cannot expand braces in it; quoting keeps
  // the frontmatter valid YAML (`**/x` unquoted is an alias to YAML). Description without globs and
  // alwaysApply false is Cursor's "agent requested" rule: applied when the description fits the request.
  cursor: {
    expandsBraces: true,
    dir: ".cursor/rules",
    ext: ".mdc",
    frontmatter: (r) => [
      `description: ${q(summary(r))}`,
      ...(r.scope === "globs" ? [`globs: ${q(plainGlobs(r).join(","))}`] : []),
      `alwaysApply: ${r.scope === "always"}`,
    ],
  },
  // Claude Code loads a rule file without `paths` on every request and has no description trigger.
  claude: {
    dir: ".claude/rules",
    ext: ".md",
    frontmatter: (r) =>
      r.scope === "relevant"
        ? {
            skip: "Claude Code rules have no 'when relevant' trigger: without paths a rule loads on every request",
          }
        : [`description: ${q(summary(r))}`, ...(r.scope === "globs" ? list("paths", r.globs) : [])],
    body: escapeImports,
  },
  // An instructions file without applyTo is never attached by path: Copilot uses it when it is picked by
  // hand or by its description, which is the "when relevant" rule.
  copilot: {
    expandsBraces: true,
    dir: ".github/instructions",
    ext: ".instructions.md",
    frontmatter: (r) => [
      `description: ${q(summary(r))}`,
      ...(r.scope === "relevant"
        ? []
        : [`applyTo: ${q(r.scope === "always" ? "**" : plainGlobs(r).join(","))}`]),
    ],
  },
  // Windsurf's trigger: always_on, glob (comma-separated globs), or model_decision (the description decides).
  windsurf: {
    expandsBraces: true,
    dir: ".windsurf/rules",
    ext: ".md",
    frontmatter: (r) =>
      r.scope === "always"
        ? ["trigger: always_on", `description: ${q(summary(r))}`]
        : r.scope === "globs"
          ? ["trigger: glob", `description: ${q(summary(r))}`, `globs: ${q(plainGlobs(r).join(","))}`]
          : ["trigger: model_decision", `description: ${q(summary(r))}`],
  },
  // Cline applies a rule without `paths` to every request and has no description trigger.
  cline: {
    dir: ".clinerules",
    ext: ".md",
    frontmatter: (r) =>
      r.scope === "relevant"
        ? {
            skip: "Cline rules have no 'when relevant' trigger: without paths a rule applies to every request",
          }
        : [`description: ${q(summary(r))}`, ...(r.scope === "globs" ? list("paths", r.globs) : [])],
  },
  // Continue: alwaysApply false with globs loads on matching files; without globs the agent decides by the description.
  continue: {
    dir: ".continue/rules",
    ext: ".md",
    frontmatter: (r) => [
      `name: ${q(r.title)}`,
      `description: ${q(summary(r))}`,
      ...(r.scope === "globs" ? list("globs", r.globs) : []),
      `alwaysApply: ${r.scope === "always"}`,
    ],
  },
  // Kiro's inclusion: always, fileMatch with `fileMatchPattern` (one glob as a string, several as a
  // list: the documented form), or auto, which loads the file when the request matches its description
  // and needs a name. Kiro's docs show no brace patterns, so braces are expanded into plain globs.
  kiro: {
    expandsBraces: true,
    dir: ".kiro/steering",
    ext: ".md",
    frontmatter: (r) => {
      if (r.scope === "always") return ["inclusion: always", `description: ${q(summary(r))}`];
      if (r.scope === "relevant")
        return ["inclusion: auto", `name: ${q(r.doc_id)}`, `description: ${q(summary(r))}`];
      const globs = plainGlobs(r);
      const pattern = globs.length === 1 ? q(globs[0] as string) : `[${globs.map(q).join(", ")}]`;
      return ["inclusion: fileMatch", `fileMatchPattern: ${pattern}`, `description: ${q(summary(r))}`];
    },
  },
};

/** Each rule as its own marked file; a Windsurf file past its limit points at the rule's text instead. */
export function renderFolder(target: FolderTarget, rules: readonly ExportRule[]): Rendered {
  const format = FORMATS[target];
  const intents: Intent[] = [];
  const skipped: TargetSkip[] = [];
  // Windsurf is the only folder format with a size limit, so the only one with moved-out texts to tidy.
  const ownedDirs = target === "windsurf" ? [format.dir, deferredDir(target)] : [format.dir];
  const rendered: Rendered = { target, intents, ownedDirs, sharedCandidates: [], skipped, warnings: [] };
  for (const rule of rules) {
    const frontmatter = format.frontmatter(rule);
    if (!Array.isArray(frontmatter)) {
      skipped.push({ doc_id: rule.doc_id, target, reason: frontmatter.skip });
      continue;
    }
    const path = `${format.dir}/${rule.doc_id}${format.ext}`;
    if (format.expandsBraces && rule.scope === "globs") {
      for (const { glob, as } of expandAll(rule.globs).widened) {
        const message = `${rule.doc_id}: "${glob}" stands for more than ${MAX_BRACE_ALTERNATIVES} globs, written as "${as}", which covers more files`;
        rendered.warnings.push({ target, path, doc_id: rule.doc_id, message });
      }
    }
    let content = ownedFile(frontmatter, format.body ? format.body(rule.content) : rule.content);
    if (target === "windsurf" && charLength(content) > WINDSURF_RULE_MAX_CHARS) {
      const limit = `Windsurf's ${WINDSURF_RULE_MAX_CHARS.toLocaleString("en")}-character limit for a rule file`;
      content = ownedFile(frontmatter, pointerText(target, rule, `moved out to stay within ${limit}`));
      intents.push(deferredFile(target, rule));
      rendered.warnings.push(movedWarning(target, path, rule, limit));
    }
    intents.push({ kind: "owned", path, content });
  }
  return rendered;
}
