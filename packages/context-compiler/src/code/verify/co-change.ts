// Files git history says change together: from `git log --name-only`, commits touching more than a few
// files left out (a sweep says nothing about coupling), pairs that changed together often enough, scored
// by how much of the rarer file's history they share.
import { recentCommitFiles } from "../../knowledge/git.js";

/** A commit touching more files than this is a sweep (rename, format, bump). */
export const CO_CHANGE_MAX_COMMIT_FILES = 20;
export const CO_CHANGE_MIN_TOGETHER = 3;
export const CO_CHANGE_MIN_SCORE = 0.3;
/** History read, newest first: bounded, so a long history costs the same as a recent one. */
export const CO_CHANGE_COMMITS = 1_000;

export interface CoChange {
  file: string;
  partner: string;
  /** Commits that changed both. */
  together: number;
  /** together / min(commits of file, commits of partner), rounded to 3 places. */
  score: number;
}

/** For each of `files`, the partners that pass `accept` and the thresholds, best first; [] without git. */
export function coChanges(
  root: string,
  files: readonly string[],
  accept: (partner: string) => boolean,
): CoChange[] {
  const commits = (recentCommitFiles(root, CO_CHANGE_COMMITS) ?? []).filter(
    (c) => c.length <= CO_CHANGE_MAX_COMMIT_FILES,
  );
  const wanted = new Set(files);
  const count = new Map<string, number>();
  const together = new Map<string, Map<string, number>>();
  for (const commit of commits) {
    const unique = [...new Set(commit)];
    for (const f of unique) count.set(f, (count.get(f) ?? 0) + 1);
    for (const f of unique) {
      if (!wanted.has(f)) continue;
      const row = together.get(f) ?? new Map<string, number>();
      for (const g of unique) if (g !== f && accept(g)) row.set(g, (row.get(g) ?? 0) + 1);
      together.set(f, row);
    }
  }
  const out: CoChange[] = [];
  for (const [file, row] of together) {
    for (const [partner, n] of row) {
      const score = Math.round((n / Math.min(count.get(file) ?? n, count.get(partner) ?? n)) * 1000) / 1000;
      if (n >= CO_CHANGE_MIN_TOGETHER && score >= CO_CHANGE_MIN_SCORE)
        out.push({ file, partner, together: n, score });
    }
  }
  return out.sort((a, b) => b.score - a.score || cmp(a.partner, b.partner) || cmp(a.file, b.file));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
