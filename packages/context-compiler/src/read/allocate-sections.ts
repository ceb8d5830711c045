// After the documents are placed: the inline budget left over goes to the sections of deferred documents
// that the plan is about, so a long file does not have to be read whole for the one part that matters.

import { ABOUT_PLAN } from "./allocate-budget.js";

/** A section is offered only when it is about the plan. */
export const SECTION_MIN_RELEVANCE = ABOUT_PLAN;

export interface SectionCandidate {
  doc_id: string;
  /** Position of the section in its document. */
  index: number;
  /** Position of its document in the result, so ties follow the result's order. */
  docOrder: number;
  bytes: number;
  relevance: number;
}

/** `doc_id#index` of each section inlined, best relevance first; one that does not fit is skipped, not cut. */
export function allocateSections(
  candidates: readonly SectionCandidate[],
  remainingBytes: number,
): { chosen: Set<string>; usedBytes: number } {
  const ordered = [...candidates].sort(
    (a, b) => b.relevance - a.relevance || a.docOrder - b.docOrder || a.index - b.index,
  );
  const chosen = new Set<string>();
  let used = 0;
  for (const c of ordered) {
    if (used + c.bytes > remainingBytes) continue;
    used += c.bytes;
    chosen.add(sectionKey(c.doc_id, c.index));
  }
  return { chosen, usedBytes: used };
}

export const sectionKey = (docId: string, index: number) => `${docId}#${index}`;
