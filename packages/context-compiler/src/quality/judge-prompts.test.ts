import { describe, expect, it } from "vitest";
import { parseVerdict, planRequest } from "./judge-prompts.js";

describe("reading the judge's verdict", () => {
  it("takes the JSON object out of a fenced or chatty answer, a numeric winner included", () => {
    expect(parseVerdict('```json\n{"winner":"2","reason":"follows the topic rule"}\n```')).toEqual({
      winner: "2",
      reason: "follows the topic rule",
    });
    expect(parseVerdict('Verdict: {"winner": 1}')).toEqual({ winner: "1", reason: "" });
    expect(parseVerdict('{"winner":"TIE","reason":"same"}')).toEqual({ winner: "tie", reason: "same" });
  });

  it("answers an error, never a throw, for text that is not the agreed JSON", () => {
    expect(parseVerdict("Plan 1.")).toEqual({ error: 'the verdict was not JSON: "Plan 1."' });
    expect(parseVerdict('{"winner": "1",')).toEqual({
      error: 'the verdict was not JSON: "{\\"winner\\": \\"1\\","',
    });
    expect(parseVerdict('{"winner":"both"}')).toEqual({
      error: 'the verdict named no winner of "1", "2" or "tie": "{\\"winner\\":\\"both\\"}"',
    });
    expect(parseVerdict("[1]")).toEqual({ error: 'the verdict was not JSON: "[1]"' });
  });
});

describe("the plan prompt", () => {
  it("differs between the arms only in the rules it carries", () => {
    const a = planRequest({ task: "Add a topic.", files: ["topics.py"], context: "Rule A." });
    const b = planRequest({ task: "Add a topic.", files: ["topics.py"], context: "Rule B." });
    expect(a.system).toBe(b.system);
    expect(a.max_tokens).toBe(b.max_tokens);
    expect(a.user.replace("Rule A.", "Rule B.")).toBe(b.user);
  });
});
