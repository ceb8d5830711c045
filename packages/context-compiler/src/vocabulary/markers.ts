// The markers that say a block or a file is archon's own: written by adapters, recognised by imports and
// migrate, so that archon never reads its own output back as a user's rule.

export interface MarkerPair {
  start: string;
  end: string;
}

export const MARKDOWN_BLOCK: MarkerPair = { start: "<!-- archon:start -->", end: "<!-- archon:end -->" };
export const SHELL_BLOCK: MarkerPair = { start: "# archon:start", end: "# archon:end" };
/** A file archon owns entirely (the Cursor process rule). */
export const MANAGED_FILE_MARKER = "<!-- archon:managed -->";
/** A deployed skill archon owns. */
export const MANAGED_SKILL_MARKER = "<!-- archon:managed-skill -->";

/** Whether a file archon owns carries its marker on a line of its own. */
export const carriesMarker = (text: string, marker: string) =>
  text.split(/\r?\n/).some((line) => line.trim() === marker);
