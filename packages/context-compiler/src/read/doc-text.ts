// Document text for the compile: content by hash, and the terms relevance needs, both computed once.
import { remember } from "@archon/core";
import { type DocSection, lineOffset, sectionsOf } from "./doc-sections.js";
import type { IndexedDoc } from "./knowledge-index.js";
import type { TermSet } from "./relevance.js";
import { TermDictionary } from "./term-dictionary.js";

export interface SectionText extends DocSection {
  terms: TermSet;
}

export interface DocText {
  content(doc: IndexedDoc): string;
  /** Terms of the title and content together. */
  terms(doc: IndexedDoc): TermSet;
  /** The `##` sections of a file-backed document whose place in its file is known; [] otherwise. */
  sections(doc: IndexedDoc): readonly SectionText[];
}

/** Entries each of the caches below holds before it is emptied. */
export const DOC_TEXT_LIMIT = 20_000;

/**
 * Content is immutable per content_hash, so both caches are valid across knowledge versions. They are
 * emptied when they grow past `limit` entries, which bounds memory on very large knowledge bases.
 */
export function cachedDocText(load: (contentHash: string) => string, limit = DOC_TEXT_LIMIT): DocText {
  const contents = new Map<string, string>();
  const dictionary = new TermDictionary();
  const terms = new Map<string, TermSet>();
  const sections = new Map<string, readonly SectionText[]>();
  const content = (doc: IndexedDoc) =>
    remember(contents, doc.content_hash, limit, () => load(doc.content_hash));
  return {
    content,
    terms: (doc) =>
      remember(terms, `${doc.content_hash}\u0000${doc.title}`, limit, () =>
        dictionary.termsOf(`${doc.title}\n${content(doc)}`),
      ),
    sections(doc) {
      const offset = doc.source_path === null ? undefined : lineOffset(doc.source_path);
      if (offset === undefined) return [];
      return remember(sections, `${doc.content_hash}\u0000${offset}`, limit, () =>
        sectionsOf(content(doc), offset).map((s) => ({ ...s, terms: dictionary.termsOf(s.text) })),
      );
    },
  };
}
