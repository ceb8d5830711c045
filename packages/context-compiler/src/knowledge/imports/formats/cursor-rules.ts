// Cursor project rules: `.cursor/rules/**/*.mdc` with description / globs / alwaysApply frontmatter.
import { globList, readFrontmatter } from "../frontmatter.js";
import { baseName, type FileImport, ownerFolder, scopeHints, wholeBodyDraft } from "./rule-file.js";

export const isCursorRule = (file: string) => /(^|\/)\.cursor\/rules\/(.+\/)?[^/]+\.mdc$/.test(file);

/**
 * Globs are anchored to the folder holding `.cursor/`. alwaysApply means every file under it; a rule
 * with neither globs nor alwaysApply is applied by Cursor on the agent's judgement, so it needs a scope.
 */
export function readCursorRule(file: string, raw: string): FileImport {
  const fm = readFrontmatter(raw);
  const owner = ownerFolder(file, ".cursor");
  const notes = [...fm.problems];
  const always = fm.data.alwaysApply === true || fm.data.alwaysApply === "true";
  const globs = always ? ["**"] : globList(fm.data.globs);
  const scope = scopeHints(owner, globs);
  notes.push(...scope.notes);
  const needs_scope =
    scope.hints.length > 0
      ? undefined
      : typeof fm.data.description === "string" && fm.data.description.trim() !== ""
        ? "Cursor applies this rule when its description seems relevant; give it path globs"
        : "Cursor applies this rule only when mentioned; give it path globs";
  // Nested rule folders (.cursor/rules/frontend/x.mdc) name the doc after them, to keep ids apart.
  const inner = file
    .slice(file.indexOf(".cursor/rules/") + ".cursor/rules/".length)
    .split("/")
    .slice(0, -1);
  const draft = wholeBodyDraft(file, fm, { hints: scope.hints, ...(needs_scope ? { needs_scope } : {}) }, [
    baseName(owner),
    ...inner,
  ]);
  if (!draft) notes.push("empty rule body; nothing to import");
  return { file, format: "cursor", drafts: draft ? [draft] : [], notes };
}
