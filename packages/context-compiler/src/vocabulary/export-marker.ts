// What marks a file or a block as export-rules' own output, so it can be rewritten or removed and nothing else is.
import type { MarkerPair } from "./markers.js";

/**
 * Written into the frontmatter as a YAML comment: it marks a file as export-rules' own (so stale ones
 * can be removed) without adding a byte to the body an editor or an importer reads.
 */
export const EXPORT_MARKER = "# archon:export-rules";
const MARKER_LINE = `${EXPORT_MARKER} - generated from archon's approved knowledge; change the rule there, not here`;

/** The managed block in GEMINI.md and AGENTS.md (apart from deploy-adapters' process block). */
export const EXPORT_BLOCK: MarkerPair = {
  start: "<!-- archon:rules:start -->",
  end: "<!-- archon:rules:end -->",
};

/** A whole file export-rules owns: the marker in its frontmatter, then the body. */
export const ownedFile = (frontmatter: readonly string[], body: string) =>
  ["---", MARKER_LINE, ...frontmatter, "---", body.replace(/\s+$/, ""), ""].join("\n");

/** Only the frontmatter is searched: a rule's body quoting the marker does not make a file ours. */
export function isExported(text: string): boolean {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  if (lines[0]?.trim() !== "---") return false;
  for (const line of lines.slice(1)) {
    if (line.trim() === "---") return false;
    if (line.startsWith(EXPORT_MARKER)) return true;
  }
  return false;
}
