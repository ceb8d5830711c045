// Claude Code rules: `.claude/rules/**/*.md`, scoped by a `paths` frontmatter (a string or a list).
import { globList, readFrontmatter } from "../frontmatter.js";
import { baseName, type FileImport, ownerFolder, scopeHints, wholeBodyDraft } from "./rule-file.js";

export const isClaudeRule = (file: string) => /(^|\/)\.claude\/rules\/(.+\/)?[^/]+\.md$/.test(file);

/** `paths` globs are anchored to the folder holding `.claude/`; without `paths` the rule applies everywhere. */
export function readClaudeRule(file: string, raw: string): FileImport {
  const fm = readFrontmatter(raw);
  const owner = ownerFolder(file, ".claude");
  const paths = globList(fm.data.paths);
  const scope = scopeHints(owner, paths.length > 0 ? paths : ["**"]);
  const notes = [...fm.problems, ...scope.notes];
  const needs_scope =
    scope.hints.length > 0 ? undefined : "none of its paths could be used; give it path globs";
  const draft = wholeBodyDraft(file, fm, { hints: scope.hints, ...(needs_scope ? { needs_scope } : {}) }, [
    baseName(owner),
  ]);
  if (!draft) notes.push("empty rule body; nothing to import");
  return { file, format: "claude", drafts: draft ? [draft] : [], notes };
}
