import { describe, expect, it } from "vitest";
import { contextQuestion } from "../steps/context-detection.step.js";
import { PRD_CONTEXTS } from "./contexts.js";
import { detectContext, matchingContexts } from "./detect-context.js";

describe("context detection by whole-word triggers", () => {
  it("does not read a trigger inside a longer word", () => {
    expect(matchingContexts("Record the decision on pricing")).toEqual([]);
    expect(matchingContexts("Speed up the CI pipeline")).toEqual(["cicd"]);
  });

  it("matches triggers of several words in sequence only", () => {
    expect(detectContext("A proof of concept for search")).toBe("poc");
    expect(detectContext("A concept proof for search")).toBeNull();
  });

  it("returns null when several contexts match, so the user is asked", () => {
    expect(matchingContexts("Fix the broken release")).toEqual(["bug", "release"]);
    expect(detectContext("Fix the broken release")).toBeNull();
  });

  it("reads French triggers", () => {
    expect(detectContext("Corriger la page de connexion")).toBe("bug");
  });
});

describe("the context question", () => {
  it("offers all eight contexts with a description each", () => {
    const question = contextQuestion([]);
    expect(question.question_id).toBe("prd_context");
    expect(question.options?.map((o) => o.label)).toEqual([...PRD_CONTEXTS]);
    expect(question.options?.every((o) => o.description.length > 10)).toBe(true);
  });
});
