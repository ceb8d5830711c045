// What an export costs each agent on every prompt: the bytes of the exported files it loads whatever the
// request, told apart from the files it loads only for matching paths or a fitting description.
import type { ExportTarget } from "./export-targets.js";
import { byteLength } from "./size-limits.js";

export interface TargetCost {
  target: ExportTarget;
  /** Bytes of the files below, which the agent reads on every prompt once the export is on disk. */
  always_loaded_bytes: number;
  /** Those files, sorted. */
  always_loaded: string[];
}

/** The frontmatter lines of an exported file ("" when it has none). */
function frontmatter(text: string): string {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text.replace(/\r\n/g, "\n"));
  return match?.[1] ?? "";
}

/**
 * Whether `target`'s agent loads `path` on every prompt, as each documents its rule files: the root
 * instruction file whole (AGENTS.md, GEMINI.md), a rule file with no path condition (Claude Code, Cline:
 * no `paths`), or one marked always (Cursor and Continue `alwaysApply: true`, Copilot `applyTo: "**"`,
 * Windsurf `always_on`, Kiro `inclusion: always`). Texts moved out under .archon/ are read on demand.
 */
export function alwaysLoaded(target: ExportTarget, path: string, text: string): boolean {
  if (path.startsWith(".archon/")) return false;
  const head = frontmatter(text);
  switch (target) {
    case "agents":
      return path === "AGENTS.md";
    case "gemini":
      return path === "GEMINI.md";
    case "claude":
    case "cline":
      return !/^paths:/m.test(head);
    case "cursor":
    case "continue":
      return /^alwaysApply: true$/m.test(head);
    case "copilot":
      return /^applyTo: "\*\*"$/m.test(head);
    case "windsurf":
      return /^trigger: always_on$/m.test(head);
    case "kiro":
      return /^inclusion: always$/m.test(head);
  }
}

/** Each target's always-loaded bytes, from the files as they stand once the export is written. */
export function promptCosts(
  targets: readonly ExportTarget[],
  files: readonly { target: ExportTarget; path: string; text: string | undefined }[],
): TargetCost[] {
  return targets.map((target) => {
    const loaded = files
      .filter((f) => f.target === target && f.text !== undefined && alwaysLoaded(target, f.path, f.text))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return {
      target,
      always_loaded_bytes: loaded.reduce((sum, f) => sum + byteLength(f.text as string), 0),
      always_loaded: loaded.map((f) => f.path),
    };
  });
}
