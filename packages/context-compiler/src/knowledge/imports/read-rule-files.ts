// Reads the discovered rule files through the project sandbox: archon's own files skipped, `@path` imports followed.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { MAX_DOCUMENT_CONTENT } from "../../vocabulary/knowledge-model.js";
import { readProjectFile } from "../project-path.js";
import { archonOwnedReason } from "./archon-owned.js";
import type { RuleFile } from "./discover-rule-files.js";
import { MAX_IMPORT_DEPTH } from "./formats/at-imports.js";
import { readImportedInstructions } from "./formats/instructions-markdown.js";
import type { FileImport, RuleFormat } from "./formats/rule-file.js";

/** What an import line may bring in: text rule files, not `@package.json`. */
const MARKDOWN = /\.(md|mdc|markdown|txt)$/i;

/** What one file yields (nothing, with a note, for archon's own files), or why it cannot be read. */
function readOne(
  root: string,
  file: string,
  format: RuleFormat,
  read: (raw: string) => FileImport,
): FileImport | { problem: string } {
  let raw: string;
  try {
    // No rule file is larger than a document may be: a file of tens of MB made the secret scan overflow
    // the stack and the whole import fail.
    raw = readProjectFile(root, file, "file_path", MAX_DOCUMENT_CONTENT).text;
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { problem: error.message };
  }
  const owned = archonOwnedReason(raw);
  return owned ? { file, format, drafts: [], notes: [owned] } : read(raw);
}

/**
 * Each discovered file, then the files its `@path` lines import (depth first, at most
 * MAX_IMPORT_DEPTH hops, each file once). A file that is discovered on its own is read only as
 * itself, scoped to its own folder, and never again through an import.
 */
export function readRuleFiles(root: string, files: readonly RuleFile[]): FileImport[] {
  const discovered = new Set(files.map((f) => f.file));
  const seen = new Set(discovered);
  const out: FileImport[] = [];
  const follow = (importer: FileImport, depth: number) => {
    if (!importer.imports) return;
    const { paths, scope } = importer.imports;
    for (const path of paths) {
      if (discovered.has(path)) importer.notes.push(`@${path} is imported on its own`);
      else if (seen.has(path)) importer.notes.push(`@${path} is already imported above`);
      else if (!MARKDOWN.test(path)) importer.notes.push(`@${path} is not a markdown file; not imported`);
      else if (!existsSync(join(root, path)))
        importer.notes.push(`@${path} does not exist; nothing imported`);
      else if (depth > MAX_IMPORT_DEPTH)
        importer.notes.push(`@${path} is more than ${MAX_IMPORT_DEPTH} imports deep; not followed`);
      else {
        const read = readOne(root, path, importer.format, (raw) =>
          readImportedInstructions(path, raw, { format: importer.format, scope }),
        );
        if ("problem" in read) {
          importer.notes.push(`@${path}: ${read.problem}`);
          continue;
        }
        seen.add(path);
        read.notes.unshift(`imported by ${importer.file}`);
        out.push(read);
        follow(read, depth + 1);
      }
    }
  };
  for (const rule of files) {
    const read = readOne(root, rule.file, rule.format, (raw) => rule.read(rule.file, raw));
    if ("problem" in read)
      out.push({ file: rule.file, format: rule.format, drafts: [], notes: [read.problem] });
    else {
      out.push(read);
      follow(read, 1);
    }
  }
  return out;
}
