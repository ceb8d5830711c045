// Whether a person's reply confirms the one decision they were just shown. Conservative on purpose: a
// reply confirms only when every token of it is a known yes-word, a known harmless companion word or a
// yes emoji (reply-words.ts). Anything else, in any script, any other emoji or symbol, a question or a
// second request, is not a confirmation: the person is asked again.
import { ALONG_WORDS, NO_EMOJI, NO_WORDS, YES_EMOJI, YES_PHRASES, YES_WORDS } from "./reply-words.js";

export type ReplyDecision = "confirm" | "decline" | "unclear";

/**
 * Plain punctuation, read as a space: Latin and CJK stops and commas, dashes, quotes, brackets. Never
 * "?" (a question is unclear) and never a symbol or emoji (those must be understood, not dropped).
 */
const PLAIN_PUNCTUATION = /[.,!;:()[\]"“”«»\-–—…。、，！；：،]/g;

/**
 * A reply as tokens: compatibility forms folded (full-width letters), Latin accents removed, case
 * folded, apostrophes dropped ("d'accord" → "daccord"). A token is a run of letters, digits and their
 * marks, one emoji with its modifiers, or any other single character (which no list holds).
 */
function tokens(reply: string): string[] {
  const text = reply
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .replace(PLAIN_PUNCTUATION, " ");
  return text.match(/[\p{L}\p{N}\p{M}]+|\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]*|\S/gu) ?? [];
}

const normalised = (words: readonly string[]) => new Set(words.map((w) => tokens(w).join(" ")));
const YES = normalised(YES_WORDS);
const ALONG = normalised(ALONG_WORDS);
const NO = normalised(NO_WORDS);
const PHRASES = normalised(YES_PHRASES);

/** Typed fast: "yess", "yesss", "okk", "okkk", "ouiii". */
const stretched = (w: string) => w.replace(/(.)\1+$/, "$1");

const isYes = (w: string) => YES.has(w) || YES.has(stretched(w)) || YES_EMOJI.test(w);

/** At most this many characters: a confirmation is a short reply, not a new request. */
const MAX_REPLY = 60;

export function decideReply(reply: string): ReplyDecision {
  const text = reply.trim();
  const list = tokens(text);
  const first = list[0];
  if (first === undefined) return "unclear";
  if (NO.has(first) || NO_EMOJI.test(first)) return "decline";
  if (text.length > MAX_REPLY || text.normalize("NFKC").includes("?")) return "unclear";
  if (PHRASES.has(list.join(" "))) return "confirm";
  if (!list.some(isYes)) return "unclear";
  return list.every((w) => isYes(w) || ALONG.has(w)) ? "confirm" : "unclear";
}
