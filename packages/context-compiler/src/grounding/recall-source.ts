// Recall for the PRD pipeline: the interface any memory store answers, and its first implementation over
// the project's approved knowledge (documents whose text matches the query terms, cited by doc_id).
import type { Db } from "@archon/core";
import { approvedDocumentTexts } from "../store/documents.js";
import { featureTerms, matchedTerms, splitWords } from "./terms.js";

export interface RecallHit {
  content: string;
  /** Share of the query terms the hit matches, 0 to 1. */
  score: number;
  /** Where the hit comes from, so a prompt can cite it: `doc:<doc_id>` for approved knowledge. */
  cite: string;
}

/** Anything that answers a recall query: approved knowledge now, episodic memory when it is plugged in. */
export interface RecallSource {
  readonly name: string;
  recall(query: string, limit: number): RecallHit[];
}

export const RECALL_EXCERPT_CHARS = 800;

/**
 * A document matches when at least half the query terms (and at least one) appear in its title or text.
 * `db` gives the connection to read, so a caller that reopens a swapped file is read through.
 */
export function knowledgeRecall(db: () => Db): RecallSource {
  return {
    name: "archon-knowledge",
    recall(query, limit) {
      const terms = featureTerms(query);
      if (terms.length === 0 || limit <= 0) return [];
      const hits: (RecallHit & { doc_id: string })[] = [];
      for (const doc of approvedDocumentTexts(db())) {
        const words = [...new Set(splitWords(`${doc.title} ${doc.content}`))];
        const matched = matchedTerms(words, terms);
        if (matched.length === 0 || matched.length * 2 < Math.min(terms.length, 4)) continue;
        const score = Math.round((matched.length / terms.length) * 1000) / 1000;
        const content = `[${doc.doc_id}] ${doc.title}: ${doc.content}`.slice(0, RECALL_EXCERPT_CHARS);
        hits.push({ content, score, cite: `doc:${doc.doc_id}`, doc_id: doc.doc_id });
      }
      hits.sort((a, b) => b.score - a.score || (a.doc_id < b.doc_id ? -1 : 1));
      return hits.slice(0, limit).map(({ doc_id: _id, ...hit }) => hit);
    },
  };
}
