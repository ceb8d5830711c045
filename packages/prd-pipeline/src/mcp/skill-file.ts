// Locates and reads skill/SKILL.md, shipped beside src/ and dist/ in the package.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { withToolPrefix } from "./tool-prefix.js";

export const SKILL_RESOURCE_URI = "archon-prd://skill/SKILL.md";

export function skillPath(): string {
  return fileURLToPath(new URL("../../skill/SKILL.md", import.meta.url));
}

/** SKILL.md as the host reads it: its tool names carry the prefix the tools are registered with. */
export function readSkill(prefix: string): string {
  return withToolPrefix(readFileSync(skillPath(), "utf8"), prefix);
}

/**
 * The frontmatter of SKILL.md: `key: value` pairs and `key:` followed by `- item` lists. The formatter
 * rewrites the block as markdown (items flush left, a later key indented), so indentation is ignored.
 */
export function skillFrontmatter(text: string): Record<string, string | string[]> {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => l.trim() === "---");
  const out: Record<string, string | string[]> = {};
  if (start === -1) return out;
  let key: string | null = null;
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === "---") break;
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item && key) {
      const list = Array.isArray(out[key]) ? (out[key] as string[]) : [];
      out[key] = [...list, (item[1] ?? "").trim()];
      continue;
    }
    const pair = /^\s*([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (pair) {
      key = pair[1] ?? null;
      if (key) out[key] = (pair[2] ?? "").trim();
    }
  }
  return out;
}
