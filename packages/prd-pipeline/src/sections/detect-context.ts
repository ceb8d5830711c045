// Picks a PRD context from free text by whole-word trigger matching ("ci" never matches inside "decision").
import { CONTEXTS, PRD_CONTEXTS, type PrdContext } from "./contexts.js";

/** Lower-cased words of the text; anything that is not a letter or digit separates words. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

function containsSequence(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) {
      if (words[i + j] !== phrase[j]) continue outer;
    }
    return true;
  }
  return false;
}

/** Every context with at least one trigger present, in catalogue order. */
export function matchingContexts(text: string): PrdContext[] {
  const words = wordsOf(text);
  const set = new Set(words);
  return PRD_CONTEXTS.filter((context) =>
    CONTEXTS[context].triggers.some((trigger) => {
      const phrase = wordsOf(trigger);
      return phrase.length === 1 ? set.has(phrase[0] as string) : containsSequence(words, phrase);
    }),
  );
}

/** The one matching context, or null when none or several match (the user is asked then). */
export function detectContext(text: string): PrdContext | null {
  const found = matchingContexts(text);
  return found.length === 1 ? (found[0] as PrdContext) : null;
}
