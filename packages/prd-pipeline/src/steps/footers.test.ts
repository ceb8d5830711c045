import { describe, expect, it } from "vitest";
import { MAX_REPLY_CHARS } from "../run-model/limits.js";
import {
  bodyBeforeFooter,
  parseImplementationFooter,
  parsePrFooter,
  parseReviewFooter,
  parseTestFooter,
} from "./footers.js";

describe("the implementation footer", () => {
  it("reads the four fields among prose, bold keys and a bulleted file list", () => {
    const reply = `Done. I added the adapter.

**BRANCH:** feat/sign-in
WORKTREE: /tmp/wt/sign-in
SHA: \`3f9a1c2b7d4e\`
FILES:
- src/auth/oidc-adapter.ts
- src/auth/sign-in.ts

Let me know if anything else is needed.`;
    expect(parseImplementationFooter(reply)).toEqual({
      ok: true,
      value: {
        branch: "feat/sign-in",
        worktree: "/tmp/wt/sign-in",
        sha: "3f9a1c2b7d4e",
        files: ["src/auth/oidc-adapter.ts", "src/auth/sign-in.ts"],
      },
    });
  });

  it("says which field is missing or malformed instead of guessing", () => {
    expect(parseImplementationFooter("BRANCH: x\nWORKTREE: /w\nFILES: a.ts")).toEqual({
      ok: false,
      error: "footer lacks SHA",
    });
    const bad = parseImplementationFooter("BRANCH: x\nWORKTREE: relative/path\nSHA: abcdef1\nFILES: a.ts");
    expect(bad).toMatchObject({ ok: false, error: expect.stringContaining("WORKTREE") });
    expect(parseImplementationFooter("BRANCH: x\nWORKTREE: /w\nSHA: nothex!\nFILES: a.ts").ok).toBe(false);
    expect(parseImplementationFooter("no footer at all").ok).toBe(false);
  });
});

describe("the test, review and PR footers", () => {
  it("reads TESTS and FAILURES, and says UNKNOWN without a footer", () => {
    expect(
      parseTestFooter("ran\nTESTS: FAIL\nFAILURES: sign-in rejects expired code; policy toggle"),
    ).toEqual({
      status: "FAIL",
      failures: ["sign-in rejects expired code", "policy toggle"],
    });
    expect(parseTestFooter("all good")).toEqual({ status: "UNKNOWN", failures: [] });
  });

  it("reads VERDICT and FINDINGS, and gives null without a verdict", () => {
    expect(parseReviewFooter("Looks off.\nVERDICT: FAIL\nFINDINGS:\n- missing auth check\n- no log")).toEqual(
      {
        verdict: "FAIL",
        findings: ["missing auth check", "no log"],
      },
    );
    expect(parseReviewFooter("VERDICT: maybe")).toBeNull();
  });

  it("reads keys with bullets, bold or underline emphasis, and backticked list items", () => {
    expect(parseReviewFooter("> **VERDICT:** PASS\n* __FINDINGS__:\n* `src/a.ts`\n- b  ")).toEqual({
      verdict: "PASS",
      findings: ["src/a.ts", "b"],
    });
    expect(parseTestFooter("- **TESTS**: fail (2 of 9)\n* **FAILURES:** x; y")).toEqual({
      status: "FAIL",
      failures: ["x", "y"],
    });
  });

  it("reads an http(s) PR_URL only", () => {
    expect(parsePrFooter("Opened.\nPR_URL: https://github.com/o/r/pull/7")).toBe(
      "https://github.com/o/r/pull/7",
    );
    expect(parsePrFooter("PR_URL: pending")).toBeNull();
  });
});

describe("footers in replies built to make a parser backtrack", () => {
  // Each line once took cubic or quadratic time in a regular expression; a reply at the cap must still be read.
  const fill = (line: string) => `${line}\n`.repeat(Math.floor(MAX_REPLY_CHARS / (line.length + 1)));

  it("reads a test footer after a reply of key lines padded with spaces", () => {
    const reply = `${fill(`TESTS: a${" ".repeat(4_000)}x`)}TESTS: PASS\nFAILURES: none`;
    expect(reply.length).toBeLessThan(MAX_REPLY_CHARS + 100);
    expect(parseTestFooter(reply)).toEqual({ status: "PASS", failures: [] });
  });

  it("reads review findings after list items padded with spaces", () => {
    const reply = `VERDICT: FAIL\nFINDINGS:\n${fill(`- a${" ".repeat(4_000)}\`x`)}`;
    expect(parseReviewFooter(reply)).toEqual({ verdict: "FAIL", findings: [] });
  });

  it("keeps the engineer's summary apart from a footer that follows many blank lines", () => {
    const reply = `Added the adapter.${"\n".repeat(MAX_REPLY_CHARS - 200)}BRANCH: feat/x\nWORKTREE: /w\nSHA: abcdef1\nFILES: a.ts`;
    expect(bodyBeforeFooter(reply, "BRANCH")).toBe("Added the adapter.");
    expect(parseImplementationFooter(reply)).toEqual({
      ok: true,
      value: { branch: "feat/x", worktree: "/w", sha: "abcdef1", files: ["a.ts"] },
    });
  });
});
