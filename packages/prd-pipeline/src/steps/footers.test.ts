import { describe, expect, it } from "vitest";
import { parseImplementationFooter, parsePrFooter, parseReviewFooter, parseTestFooter } from "./footers.js";

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

  it("reads an http(s) PR_URL only", () => {
    expect(parsePrFooter("Opened.\nPR_URL: https://github.com/o/r/pull/7")).toBe(
      "https://github.com/o/r/pull/7",
    );
    expect(parsePrFooter("PR_URL: pending")).toBeNull();
  });
});
