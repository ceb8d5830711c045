// Document text for the compile: content by hash, and the terms relevance needs, both computed once.
import type { IndexedDoc } from "./knowledge-index.js";
import { termsOf } from "./relevance.js";

export interface DocText {
  content(doc: IndexedDoc): string;
  /** Terms of the title and content together. */
  terms(doc: IndexedDoc): ReadonlySet<string>;
}

/**
 * Content is immutable per content_hash, so both caches are valid across knowledge versions. They are
 * emptied when they grow past `limit` entries, which bounds memory on very large knowledge bases.
 */
export function cachedDocText(load: (contentHash: string) => string, limit = 20_000): DocText {
  const contents = new Map<string, string>();
  const terms = new Map<string, ReadonlySet<string>>();
  const content = (doc: IndexedDoc) => {
    let text = contents.get(doc.content_hash);
    if (text === undefined) {
      if (contents.size >= limit) contents.clear();
      text = load(doc.content_hash);
      contents.set(doc.content_hash, text);
    }
    return text;
  };
  return {
    content,
    terms(doc) {
      const key = `${doc.content_hash}\u0000${doc.title}`;
      let set = terms.get(key);
      if (set === undefined) {
        if (terms.size >= limit) terms.clear();
        set = termsOf(`${doc.title}\n${content(doc)}`);
        terms.set(key, set);
      }
      return set;
    },
  };
}
