import { describe, expect, it } from "vitest";
import { describeError, UserError } from "./errors.js";

describe("a bug's message does not disclose where archon is installed", () => {
  it("cuts every absolute path in a system error to its file name", () => {
    const error = Object.assign(
      new Error(
        "ENOENT: no such file or directory, open '/home/dev/src/archon/packages/context-compiler/templates/nextjs/9.9.9.yaml'",
      ),
      { code: "ENOENT" },
    );
    expect(describeError(error)).toBe(
      "Internal error: ENOENT: no such file or directory, open '…/9.9.9.yaml'",
    );
    expect(describeError(new Error("cannot load C:\\Users\\dev\\archon\\dist\\mcp\\server.js (x)"))).toBe(
      "Internal error: cannot load …/server.js (x)",
    );
    expect(describeError("thrown at /opt/archon/bin/archon.js")).toBe(
      "Internal error: thrown at …/archon.js",
    );
  });

  it("leaves relative paths, ratios and an expected error's own text alone", () => {
    expect(describeError(new Error("docs/a.md: 3/4 sections"))).toBe(
      "Internal error: docs/a.md: 3/4 sections",
    );
    expect(describeError(new UserError("Refused to write CLAUDE.md.", "Fix it."))).toBe(
      "Refused to write CLAUDE.md.\nHint: Fix it.",
    );
  });
});
