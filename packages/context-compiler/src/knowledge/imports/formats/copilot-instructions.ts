// GitHub Copilot instructions: `.github/instructions/*.instructions.md` (applyTo) and `.github/copilot-instructions.md`.
import { globList, readFrontmatter } from "../frontmatter.js";
import { readInstructionsMarkdown } from "./instructions-markdown.js";
import { baseName, type FileImport, ownerFolder, scopeHints, wholeBodyDraft } from "./rule-file.js";

export const isCopilotInstructions = (file: string) =>
  /(^|\/)\.github\/copilot-instructions\.md$/.test(file) ||
  /(^|\/)\.github\/instructions\/(.+\/)?[^/]+\.instructions\.md$/.test(file);

/** applyTo globs are anchored to the folder holding `.github/`; the repository-wide file applies everywhere. */
export function readCopilotInstructions(file: string, raw: string): FileImport {
  const owner = ownerFolder(file, ".github");
  if (file.endsWith("copilot-instructions.md")) {
    return readInstructionsMarkdown(file, raw, { format: "copilot", folder: owner, idPrefix: "copilot" });
  }
  const fm = readFrontmatter(raw);
  const scope = scopeHints(owner, globList(fm.data.applyTo));
  const needs_scope =
    scope.hints.length > 0
      ? undefined
      : "no applyTo, so Copilot never applies it on its own; give it path globs";
  const draft = wholeBodyDraft(file, fm, { hints: scope.hints, ...(needs_scope ? { needs_scope } : {}) }, [
    baseName(owner),
  ]);
  const notes = [...fm.problems, ...scope.notes];
  if (!draft) notes.push("empty instructions body; nothing to import");
  return { file, format: "copilot", drafts: draft ? [draft] : [], notes };
}
