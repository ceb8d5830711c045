// CLAUDE.md, AGENTS.md and copilot-instructions.md: always-read instructions, split at `##`, scoped to their folder.
import { readFrontmatter } from "../frontmatter.js";
import { slugOf } from "../import-item.js";
import { splitUnits, unitSourcePath } from "../split-units.js";
import { baseName, type FileImport, folderOf, type RuleFormat } from "./rule-file.js";

export const isInstructionsMarkdown = (file: string) => /(^|\/)(CLAUDE|AGENTS)\.md$/.test(file);

export const formatOfInstructions = (file: string): RuleFormat =>
  file.endsWith("AGENTS.md") ? "agents" : "claude";

/**
 * Every unit applies to every file under `folder` (the root file: `**`, an alwaysApply-style rule),
 * because that is when the agent reads the file.
 */
export function readInstructionsMarkdown(
  file: string,
  raw: string,
  options: { format: RuleFormat; folder: string; idPrefix: string },
): FileImport {
  const fm = readFrontmatter(raw);
  // Re-joining the frontmatter lines keeps line anchors and section anchors true to the file.
  const text = `${"\n".repeat(fm.bodyLine - 1)}${fm.body}`;
  const glob = options.folder === "" ? "**" : `${options.folder}/**`;
  const prefix = options.folder === "" ? options.idPrefix : baseName(options.folder);
  const drafts = splitUnits(fm.body, fm.bodyLine).map((unit) => {
    const heading = unit.title ?? `Instructions from ${file.split("/").pop()}`;
    return {
      file,
      source_path: unitSourcePath(file, text, unit),
      title: options.folder === "" ? heading : `${heading} (${options.folder})`,
      id_base: slugOf(prefix, unit.title ?? "overview"),
      content: unit.content,
      edge_hints: [{ edge_type: "path_requires" as const, source_value: glob }],
    };
  });
  const notes = [...fm.problems];
  if (drafts.length === 0) notes.push("nothing to import beyond a title");
  return { file, format: options.format, drafts, notes };
}

export function readAgentInstructions(file: string, raw: string): FileImport {
  const format = formatOfInstructions(file);
  return readInstructionsMarkdown(file, raw, {
    format,
    folder: folderOf(file),
    idPrefix: format,
  });
}
