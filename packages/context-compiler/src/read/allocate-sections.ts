// After the documents are placed: the inline budget left over goes to the sections of deferred documents
// that the plan is about, so a long file does not have to be read whole for the one part that matters.

import { AUTO_INLINE_LIMIT } from "./allocate-budget.js";
import type { DocText } from "./doc-text.js";
import type { IndexedDoc } from "./knowledge-index.js";
import { relevance } from "./relevance.js";

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

/**
 * A section as the compile result lists it: where to read it, and its text when the plan is about it.
 * Its size and relevance decided what was inlined and stay here: the agent acts on the lines.
 */
export interface DeliveredSection {
  heading: string;
  /** 1-based, inclusive lines of source_path. */
  start: number;
  end: number;
  content?: string;
}

/**
 * Sections of long deferred documents (over AUTO_INLINE_LIMIT: a shorter one is read whole at little
 * cost), when there are two or more with known lines. With a plan, the relevant ones share the
 * inline budget that is left, best first.
 */
export function deferredSections(
  deferred: readonly IndexedDoc[],
  text: DocText,
  terms: readonly string[] | undefined,
  minRelevance: number,
  remainingBytes: number,
): { byDoc: Map<string, DeliveredSection[]>; usedBytes: number } {
  const listed = deferred
    .filter((doc) => doc.content_bytes > AUTO_INLINE_LIMIT)
    .map((doc) => ({ doc, sections: text.sections(doc) }))
    .filter((d) => d.sections.length >= 2);
  const candidates: SectionCandidate[] = [];
  listed.forEach(({ doc, sections }, docOrder) => {
    if (!terms) return;
    sections.forEach((s, i) => {
      const r = relevance(terms, s.terms);
      if (r >= minRelevance)
        candidates.push({ doc_id: doc.doc_id, index: i, docOrder, bytes: s.bytes, relevance: r });
    });
  });
  const { chosen, usedBytes } = allocateSections(candidates, remainingBytes);
  const byDoc = new Map<string, DeliveredSection[]>();
  for (const { doc, sections } of listed) {
    byDoc.set(
      doc.doc_id,
      sections.map((s, i) => {
        const key = sectionKey(doc.doc_id, i);
        return {
          heading: s.heading,
          start: s.start,
          end: s.end,
          ...(chosen.has(key) ? { content: s.text } : {}),
        };
      }),
    );
  }
  return { byDoc, usedBytes };
}
