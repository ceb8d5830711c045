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

describe("deciding whether a reply confirms the decision just shown", () => {
  it("has at least fifty real-sounding replies in the table", () => {
    expect(REPLIES.length).toBeGreaterThanOrEqual(50);
  });

  it.each(REPLIES)("%j is %s", (reply, expected) => {
    expect(decideReply(reply)).toBe(expected);
  });
});
