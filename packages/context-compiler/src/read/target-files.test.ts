import { describe, expect, it } from "vitest";
import { refusal } from "../test-support/user-error.js";
import { normalizeTargets } from "./target-files.js";

const ROOT = "/home/dev/shop";

describe("a compile's target files", () => {
  it("become repo-relative, normalized, sorted and each once; what lies outside is named in a warning", () => {
    expect(
      normalizeTargets(ROOT, [
        "src/b.ts",
        "./src//a.ts",
        `${ROOT}/src/b.ts`,
        "/etc/passwd",
        "../other/x.ts",
        "src\\win\\c.ts",
      ]),
    ).toEqual({
      files: ["src/a.ts", "src/b.ts", "src/win/c.ts"],
      warnings: [
        "Target file /etc/passwd is outside the project root and was ignored.",
        'Target file "../other/x.ts" is not a path inside the project and was ignored.',
      ],
    });
  });

  it("refuses a list with no path inside the project, saying what to give", () => {
    expect(refusal(() => normalizeTargets(ROOT, ["..", "/tmp/x.ts"]))).toMatchObject({
      message: "target_files names no path inside the project.",
      hint: "Give repo-relative paths such as src/api/users.ts.",
      field: "target_files",
    });
  });
});
