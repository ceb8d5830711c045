// Edge hints read from a unit's wording: paths and globs it names, and layers or commands it states outright.
import { globProblem } from "../../read/glob.js";
import type { EdgeHint } from "../edge-hints.js";

const FENCED = /^\s{0,3}(```|~~~)[\s\S]*?^\s{0,3}\1.*$/gm;
const BACKTICKED = /`([^`\n]+)`/g;
/** A bare path in prose: at least one folder, not part of a URL, a scope or a longer word. */
const BARE_PATH = /(?<![\w@/.:`~-])((?:\.\/)?(?:[A-Za-z0-9_][A-Za-z0-9_.-]*\/)+[A-Za-z0-9_.*-]*)/g;
const PATH_CHARS = /^[A-Za-z0-9_./*?{},[\]-]+$/;
const EXTENSION = /\.[A-Za-z0-9]{1,8}$/;
const GLOB = /[*?{[]/;
/** `Layer: api` / `- **Commands:** scaffold, migrate`, at the start of a line. */
const EXPLICIT = /^\s*(?:[-*]\s+)?(?:\*\*)?(layers?|commands?)(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.+)$/gim;

/**
 * A mention as a repo-relative glob, or undefined when it is not clearly a path. A folder becomes
 * `folder/**`; a name-only glob (`*.test.ts`) matches at any depth, as editors read it.
 */
export function mentionToGlob(raw: string, fromBackticks: boolean): string | undefined {
  let text = raw.trim().replace(/[.,;:]+$/, "");
  if (!PATH_CHARS.test(text) || text.startsWith("-") || text.startsWith("@")) return undefined;
  text = text.replace(/^(\.\/)+/, "");
  if (text === "" || text === "." || text === "/") return undefined;
  let glob: string | undefined;
  if (text.endsWith("/")) glob = `${text}**`;
  else if (!text.includes("/")) glob = GLOB.test(text) ? `**/${text}` : undefined;
  else if (GLOB.test(text) || EXTENSION.test(text.split("/").pop() ?? "")) glob = text;
  else if (fromBackticks) glob = `${text}/**`;
  if (glob === undefined || globProblem(glob) !== undefined) return undefined;
  return glob;
}

/** Path, layer and command hints named in `content`, each once, sorted by type then value. */
export function textEdgeHints(content: string): EdgeHint[] {
  const prose = content.replace(FENCED, " ");
  const found = new Map<string, EdgeHint>();
  const add = (hint: EdgeHint) => found.set(`${hint.edge_type}\u0000${hint.source_value}`, hint);
  for (const match of prose.matchAll(BACKTICKED)) {
    const glob = mentionToGlob(match[1] as string, true);
    if (glob) add({ edge_type: "path_requires", source_value: glob });
  }
  for (const match of prose.replace(BACKTICKED, " ").matchAll(BARE_PATH)) {
    const glob = mentionToGlob(match[1] as string, false);
    if (glob) add({ edge_type: "path_requires", source_value: glob });
  }
  for (const match of prose.matchAll(EXPLICIT)) {
    const edge_type = (match[1] as string).toLowerCase().startsWith("layer")
      ? "layer_requires"
      : "command_requires";
    for (const value of (match[2] as string).split(",")) {
      const name = value.replace(/[`*_]/g, "").trim();
      if (/^[A-Za-z0-9][\w:.-]*$/.test(name)) add({ edge_type, source_value: name });
    }
  }
  return [...found.values()].sort((a, b) =>
    a.edge_type === b.edge_type
      ? a.source_value < b.source_value
        ? -1
        : 1
      : a.edge_type < b.edge_type
        ? -1
        : 1,
  );
}
