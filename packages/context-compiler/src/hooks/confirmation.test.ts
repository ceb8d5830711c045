import { describe, expect, it } from "vitest";
import { decideReply, type ReplyDecision } from "./confirmation.js";

/** Replies a person gives right after the agent asked "Save this as a standing rule?". */
const REPLIES: [string, ReplyDecision][] = [
  // plain yes, in both languages, with the punctuation and typos people type
  ["yes", "confirm"],
  ["Yes.", "confirm"],
  ["YES!", "confirm"],
  ["yess", "confirm"],
  ["yesss", "confirm"],
  ["yep", "confirm"],
  ["yeah", "confirm"],
  ["sure", "confirm"],
  ["ok", "confirm"],
  ["okk", "confirm"],
  ["Okay, save it", "confirm"],
  ["yes please", "confirm"],
  ["Yes, do it.", "confirm"],
  ["go ahead", "confirm"],
  ["sounds good", "confirm"],
  ["lgtm", "confirm"],
  ["confirmed", "confirm"],
  ["approve", "confirm"],
  ["yes, that's right", "confirm"],
  ["correct, thanks", "confirm"],
  ["oui", "confirm"],
  ["Oui, merci", "confirm"],
  ["ouais", "confirm"],
  ["d'accord", "confirm"],
  ["D’accord, vas-y", "confirm"],
  ["vas-y", "confirm"],
  ["c'est bon", "confirm"],
  ["parfait", "confirm"],
  ["oui, enregistre-la", "confirm"],
  ["exactement", "confirm"],
  // no
  ["no", "decline"],
  ["No.", "decline"],
  ["nope", "decline"],
  ["nah", "decline"],
  ["non", "decline"],
  ["Non merci", "decline"],
  ["no, don't save that", "decline"],
  ["don't", "decline"],
  ["cancel", "decline"],
  ["pas maintenant", "decline"],
  ["never mind", "decline"],
  // a yes that takes itself back, hedges or asks
  ["ok wait, no, don't save that", "unclear"],
  ["yes?", "unclear"],
  ["yeah no", "unclear"],
  ["Sure? I don't think we want that.", "unclear"],
  ["yes but only for the api folder", "unclear"],
  ["lgtm except the second part", "unclear"],
  ["yes, although I'm not sure", "unclear"],
  ["ok, maybe", "unclear"],
  ["I guess", "unclear"],
  ["hmm, not sure about that", "unclear"],
  ["oui mais pas pour les tests", "unclear"],
  ["oui ?", "unclear"],
  ["peut-être", "unclear"],
  ["wait", "unclear"],
  ["what do you mean?", "unclear"],
  // a yes followed by another request
  ["yes, and now fix the failing test", "unclear"],
  ["ok. run the tests", "unclear"],
  ["sure, then rename the header component", "unclear"],
  ["oui, et corrige le bug", "unclear"],
  [`yes ${"please ".repeat(12)}`, "unclear"],
  // not a reply to the question at all
  ["run the test suite", "unclear"],
  ["", "unclear"],
  ["   ", "unclear"],
  ["yse", "unclear"],
  ["y", "unclear"],
];

/**
 * Replies in other languages and scripts, and emoji: only a reply made wholly of words and emoji the check
 * knows confirms. Anything that negates, hedges or is simply not understood approves nothing.
 */
const WORLD_REPLIES: [string, ReplyDecision][] = [
  // a yes with a refusal beside it: each of these once approved a rule
  ["ok 👎", "unclear"],
  ["ok нет", "unclear"],
  ["yes ❌", "unclear"],
  ["sure ⛔", "unclear"],
  ["ok 不行", "unclear"],
  ["ok لا", "unclear"],
  // more of the same shape, in other scripts and symbols
  ["yes 🚫", "unclear"],
  ["ok ✋", "unclear"],
  ["yes 🤔", "unclear"],
  ["ok ✖️", "unclear"],
  ["sure пока нет", "unclear"],
  ["ok 不要", "unclear"],
  ["yes いいえ", "unclear"],
  ["ok לא", "unclear"],
  ["ok नहीं", "unclear"],
  ["ja, aber nicht jetzt", "unclear"],
  ["sí, pero no ahora", "unclear"],
  ["yes ≠", "unclear"],
  ["ok 2", "unclear"],
  // Russian
  ["да", "confirm"],
  ["Да, спасибо", "confirm"],
  ["нет", "decline"],
  ["да нет", "unclear"],
  ["наверное", "unclear"],
  // Chinese
  ["好的", "confirm"],
  ["是的。", "confirm"],
  ["不行", "decline"],
  ["好的不行", "unclear"],
  ["好吧？", "unclear"],
  // Arabic
  ["نعم", "confirm"],
  ["لا", "decline"],
  ["نعم؟", "unclear"],
  // Japanese
  ["はい", "confirm"],
  ["いいえ", "decline"],
  ["はい、でも後で", "unclear"],
  // Spanish
  ["Sí", "confirm"],
  ["sí, gracias", "confirm"],
  ["vale", "confirm"],
  ["no, gracias", "decline"],
  ["¿sí?", "unclear"],
  // German
  ["Ja", "confirm"],
  ["ja bitte", "confirm"],
  ["nein", "decline"],
  ["ja, nein", "unclear"],
  // Hindi
  ["हाँ", "confirm"],
  ["हां, धन्यवाद", "confirm"],
  ["नहीं", "decline"],
  // Hebrew
  ["כן", "confirm"],
  ["כן תודה", "confirm"],
  ["לא", "decline"],
  // emoji only
  ["👍", "confirm"],
  ["👍🏽", "confirm"],
  ["✅", "confirm"],
  ["✔️", "confirm"],
  ["👎", "decline"],
  ["❌", "decline"],
  ["🙂", "unclear"],
  ["👍👎", "unclear"],
  // mixed
  ["yes 👍", "confirm"],
  ["ok✅", "confirm"],
  ["oui 👍🏻 merci", "confirm"],
  ["ＹＥＳ", "confirm"],
  ["yes？", "unclear"],
  ["да 👎", "unclear"],
  ["👍 but not for tests", "unclear"],
];

describe("deciding whether a reply confirms the decision just shown", () => {
  it("has at least fifty real-sounding replies in the table", () => {
    expect(REPLIES.length).toBeGreaterThanOrEqual(50);
  });

  it.each(REPLIES)("%j is %s", (reply, expected) => {
    expect(decideReply(reply)).toBe(expected);
  });
});

describe("deciding on a reply in another language, script or emoji", () => {
  it.each(WORLD_REPLIES)("%j is %s", (reply, expected) => {
    expect(decideReply(reply)).toBe(expected);
  });
});
