import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../test-support/project.js";
import { importRulesCommand } from "./import-rules.command.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  // An Archon project already: a dry run never creates one.
  project.context().close();
});
afterEach(() => project.cleanup());

/** The report of a dry run, as a person reads it on the terminal. */
function dryRun(): string[] {
  let printed = "";
  importRulesCommand(
    { surface: "admin", db: join(project.root, ".archon/archon.db"), projectRoot: project.root },
    { dryRun: true },
    (text) => {
      printed += text;
    },
  );
  return printed.split("\n");
}

describe("the marks on imported rules, in the import-rules report", () => {
  it("are explained in plain words once, after the rules, with what to do", () => {
    const testing = "Run `pnpm test` before pushing. Never commit failing tests.\n";
    project.write(".cursor/rules/testing.mdc", `---\nalwaysApply: true\n---\n${testing}`);
    project.write(".cursor/rules/testing-copy.mdc", `---\nalwaysApply: true\n---\n${testing}`);
    project.write(
      ".cursor/rules/long.mdc",
      `---\nalwaysApply: true\n---\n${"Keep handlers thin. ".repeat(250)}\n`,
    );
    expect(dryRun()).toEqual([
      "Found 3 instruction files (a directory walk).",
      ".cursor/rules/long.mdc  [cursor]  1 unit",
      "  long  guideline  → **",
      "      ! 5000 bytes, over 4096: consider splitting",
      ".cursor/rules/testing-copy.mdc  [cursor]  1 unit",
      "  testing-copy  constraint  → **",
      "      suggested tags (not applied): git, testing",
      "      ! overlaps testing in this import (0.909)",
      ".cursor/rules/testing.mdc  [cursor]  1 unit",
      "  testing  constraint  → **",
      "      suggested tags (not applied): git, testing",
      "      ! overlaps testing-copy in this import (0.909)",
      "What the marks mean:",
      "  over 4096 bytes (oversize): a compile never inlines such a rule; the agent is sent to read it in its file instead. Split it at its headings if its parts apply to different files.",
      "  overlaps … in this import (item_overlap): two rules of this import say much the same; the score is the share of wording they have in common, 0 to 1. Keep one, or merge them, before approving: both would reach the agent.",
      "Dry run: 3 document(s) would be proposed; nothing was written.",
      "",
    ]);
  });

  it("are not explained when no rule carries one that needs it", () => {
    project.write(".cursor/rules/testing.mdc", "---\nalwaysApply: true\n---\nRun the tests.\n");
    expect(dryRun()).not.toContain("What the marks mean:");
  });
});
