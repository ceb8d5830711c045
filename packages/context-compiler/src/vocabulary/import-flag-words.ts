// What the marks an import puts on a rule mean, and what to do about them, in plain words: `! oversize` or
// `! item_overlap` alone tells a person neither what it costs nor what to do.

/** One sentence per mark, for the marks that need more than their own line to be understood. */
const WORDS: Record<string, (limit: number | undefined) => string> = {
  oversize: (limit) =>
    `over ${limit ?? "the inline limit of"} bytes (oversize): a compile never inlines such a rule; the agent is sent to read it in its file instead. Split it at its headings if its parts apply to different files.`,
  item_overlap: () =>
    "overlaps … in this import (item_overlap): two rules of this import say much the same; the score is the share of wording they have in common, 0 to 1. Keep one, or merge them, before approving: both would reach the agent.",
  overlap: () =>
    "overlaps approved … (overlap): the rule says much the same as one already approved. Approve it only if it replaces or adds to that rule.",
};

/**
 * The explanation of each mark among `flags` that needs one, once each, in a stable order; empty when none
 * does. Call it once per output, after the rules it explains.
 */
export function importFlagLegend(flags: readonly { flag: string; limit?: number }[]): string[] {
  const seen = new Map<string, number | undefined>();
  for (const f of flags) if (f.flag in WORDS && !seen.has(f.flag)) seen.set(f.flag, f.limit);
  return Object.keys(WORDS)
    .filter((flag) => seen.has(flag))
    .map((flag) => (WORDS[flag] as (limit: number | undefined) => string)(seen.get(flag)));
}
