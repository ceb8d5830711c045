// Whether a person's reply confirms the one decision they were just shown. Conservative on purpose: a
// reply confirms only when every word of it says yes; anything that negates, hedges, asks or goes on to
// another request is not a confirmation, and the person is asked again.

export type ReplyDecision = "confirm" | "decline" | "unclear";

/** Words that say yes by themselves, in English and French (after lower-casing and removing accents). */
const YES = new Set([
  "yes",
  "yep",
  "yup",
  "yeah",
  "ya",
  "sure",
  "ok",
  "okay",
  "k",
  "confirm",
  "confirmed",
  "approve",
  "approved",
  "lgtm",
  "correct",
  "exactly",
  "absolutely",
  "definitely",
  "oui",
  "ouais",
  "daccord",
  "dac",
  "confirme",
  "valide",
  "exactement",
  "absolument",
  "parfait",
  "perfect",
]);

/** Words that may stand beside a yes without changing it ("yes please, save it", "oui, vas-y merci"). */
const ALONG = new Set([
  "please",
  "thanks",
  "thank",
  "you",
  "do",
  "it",
  "go",
  "ahead",
  "save",
  "record",
  "keep",
  "that",
  "this",
  "one",
  "rule",
  "sounds",
  "good",
  "great",
  "fine",
  "right",
  "thats",
  "is",
  "s",
  "merci",
  "vas",
  "va",
  "y",
  "fais",
  "le",
  "la",
  "enregistre",
  "garde",
  "bon",
  "bien",
  "tres",
  "stp",
  "svp",
  "and",
  "et",
]);

/** A reply opening with one of these declines. */
const NO = new Set([
  "no",
  "nope",
  "nah",
  "non",
  "cancel",
  "stop",
  "dont",
  "never",
  "annule",
  "jamais",
  "pas",
]);

/** Letters only, accents removed, apostrophes dropped ("d'accord" → "daccord", "that's" → "thats"). */
function words(reply: string): string[] {
  return reply
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

/** Typed fast: "yess", "yesss", "okk", "okkk", "ouiii". */
const stretched = (w: string) => w.replace(/(.)\1+$/, "$1");

const isYes = (w: string) => YES.has(w) || YES.has(stretched(w));

/** Replies that say yes without a yes-word. */
const YES_PHRASES = new Set([
  "go ahead",
  "do it",
  "sounds good",
  "vas y",
  "allez y",
  "cest bon",
  "ship it",
  "save it",
]);

/** At most this many characters: a confirmation is a short reply, not a new request. */
const MAX_REPLY = 60;

export function decideReply(reply: string): ReplyDecision {
  const text = reply.trim();
  const list = words(text);
  if (list.length === 0) return "unclear";
  if (NO.has(list[0] as string)) return "decline";
  if (text.length > MAX_REPLY || text.includes("?")) return "unclear";
  if (YES_PHRASES.has(list.join(" "))) return "confirm";
  if (!list.some(isYes)) return "unclear";
  return list.every((w) => isYes(w) || ALONG.has(w)) ? "confirm" : "unclear";
}
