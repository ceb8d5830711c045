import { describe, expect, it } from "vitest";
import { extractJsonObject, MAX_JSON_CANDIDATES, scanJsonReply } from "./json-reply.js";

const VERDICT = '{"verdict": "PASS", "confidence": 0.8}';

describe("finding the JSON object in a reply", () => {
  it("finds the object after stray closers, prose braces, an opener that never closes and a fence", () => {
    const reply = `}} Sure {not json} and { this one never closes\n\`\`\`json\n${VERDICT}\n\`\`\`\nDone.`;
    expect(extractJsonObject(reply)).toEqual({ verdict: "PASS", confidence: 0.8 });
  });

  it("keeps braces and escaped quotes inside strings out of the balance", () => {
    const reply = 'Here: {"rationale": "a } brace, a \\" quote and a { brace", "verdict": "FAIL"} end';
    expect(extractJsonObject(reply)).toEqual({
      rationale: 'a } brace, a " quote and a { brace',
      verdict: "FAIL",
    });
  });

  it("does not let a stray quote in prose hide the object on a later line", () => {
    expect(extractJsonObject(`{ the board is 5" wide\n${VERDICT}`)).toEqual({
      verdict: "PASS",
      confidence: 0.8,
    });
  });

  it("answers null when no candidate is an object", () => {
    expect(extractJsonObject('no braces, or an array [1, 2] and {"a": 1')).toBeNull();
  });
});

describe("the work one reply can cause", () => {
  it("scans 160 KB of nested braces once and parses one candidate, then finds the object after it", () => {
    const nested = `${"{".repeat(80_000)}${"}".repeat(80_000)}`;
    expect(scanJsonReply(nested)).toEqual({
      object: null,
      work: { scanned: nested.length, candidates: 1, parsedChars: nested.length },
    });
    const reply = `${nested} ${VERDICT}`;
    expect(scanJsonReply(reply)).toEqual({
      object: { verdict: "PASS", confidence: 0.8 },
      work: { scanned: reply.length, candidates: 2, parsedChars: nested.length + VERDICT.length },
    });
  });

  it("scans 1 MB of opening braces once and still finds the object that follows", () => {
    const reply = `${"{".repeat(1_000_000)}${VERDICT}`;
    expect(scanJsonReply(reply)).toEqual({
      object: { verdict: "PASS", confidence: 0.8 },
      work: { scanned: reply.length, candidates: 1, parsedChars: VERDICT.length },
    });
  });

  it("stops parsing after a bounded number of candidates", () => {
    const reply = `${"{x} ".repeat(100_000)}${VERDICT}`;
    expect(scanJsonReply(reply)).toEqual({
      object: null,
      work: { scanned: reply.length, candidates: MAX_JSON_CANDIDATES, parsedChars: 3 * MAX_JSON_CANDIDATES },
    });
  });
});
