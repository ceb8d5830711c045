// Always-read instruction files (CLAUDE.md, AGENTS.md, GEMINI.md, .cursorrules, .clinerules, copilot-instructions.md): split at `##`, scoped to a folder.
import { userRegions } from "../archon-owned.js";
import { readFrontmatter } from "../frontmatter.js";
import { fileStem, type ImportDraft, slugOf } from "../import-item.js";
import { splitUnits, unitSourcePath } from "../split-units.js";
import { importLines, resolveImport } from "./at-imports.js";
import { baseName, type FileImport, folderOf, frontmatterTags, type RuleFormat } from "./rule-file.js";

export const isInstructionsMarkdown = (file: string) => /(^|\/)(CLAUDE|AGENTS|GEMINI)\.md$/.test(file);

/** The single-file rules of older Cursor and Cline setups, plain markdown read on every request. */
export const isLegacyRulesFile = (file: string) => /(^|\/)\.(cursorrules|clinerules)$/.test(file);

export function formatOfInstructions(file: string): RuleFormat {
  if (file.endsWith("AGENTS.md")) return "agents";
  if (file.endsWith("GEMINI.md")) return "gemini";
  if (file.endsWith(".cursorrules")) return "cursor";
  if (file.endsWith(".clinerules")) return "cline";
  return "claude";
}

/**
 * Every unit applies to every file under `scope` (at the root: `**`, an alwaysApply-style rule),
 * because that is when the agent reads the file. Archon's blocks and, with `atImports`, `@path` lines
 * are no unit's text; the files those lines name come back in `imports`.
 */
export function readInstructionsMarkdown(
  file: string,
  raw: string,
  options: { format: RuleFormat; scope: string; idPrefix: string; atImports?: boolean },
): FileImport {
  const fm = readFrontmatter(raw);
  // Re-joining the frontmatter lines keeps line anchors and section anchors true to the file.
  const text = `${"\n".repeat(fm.bodyLine - 1)}${fm.body}`;
  const lines = fm.body.split("\n");
  const imports = options.atImports ? importLines(lines) : new Map<number, string[]>();
  const { regions, notes: skipped } = userRegions(lines, fm.bodyLine, new Set(imports.keys()));
  const glob = options.scope === "" ? "**" : `${options.scope}/**`;
  const tags = frontmatterTags(fm);
  const drafts = regions
    .flatMap((r) => splitUnits(lines.slice(r.from, r.to).join("\n"), fm.bodyLine + r.from))
    .map((unit): ImportDraft => {
      const heading = unit.title ?? `Instructions from ${file.split("/").pop()}`;
      return {
        file,
        source_path: unitSourcePath(file, text, unit),
        title: options.scope === "" ? heading : `${heading} (${options.scope})`,
        id_base: slugOf(options.idPrefix, unit.title ?? "overview"),
        content: unit.content,
        edge_hints: [{ edge_type: "path_requires", source_value: glob }],
        ...(tags ? { tags } : {}),
      };
    });
  const notes = [...fm.problems, ...skipped];
  const paths: string[] = [];
  for (const target of [...imports.values()].flat()) {
    const resolved = resolveImport(file, target);
    if ("problem" in resolved) notes.push(resolved.problem);
    else if (!paths.includes(resolved.path)) paths.push(resolved.path);
  }
  if (drafts.length === 0 && notes.length === 0 && paths.length === 0)
    notes.push("nothing to import beyond a title");
  return {
    file,
    format: options.format,
    drafts,
    notes,
    ...(options.atImports ? { imports: { paths, scope: options.scope } } : {}),
  };
}

/** CLAUDE.md and GEMINI.md follow `@path` imports; AGENTS.md and the single-file rules do not. */
export function readAgentInstructions(file: string, raw: string): FileImport {
  const format = formatOfInstructions(file);
  const folder = folderOf(file);
  const rootPrefix = isLegacyRulesFile(file) ? (file.split("/").pop() as string).slice(1) : format;
  return readInstructionsMarkdown(file, raw, {
    format,
    scope: folder,
    idPrefix: folder === "" ? rootPrefix : baseName(folder),
    atImports: format === "claude" || format === "gemini",
  });
}

/** A file brought in by an `@path` line: read like its importer, with the importer's scope. */
export function readImportedInstructions(
  file: string,
  raw: string,
  importer: { format: RuleFormat; scope: string },
): FileImport {
  return readInstructionsMarkdown(file, raw, {
    format: importer.format,
    scope: importer.scope,
    idPrefix: fileStem(file),
    atImports: true,
  });
}
