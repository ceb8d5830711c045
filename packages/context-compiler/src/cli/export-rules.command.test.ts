import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { exportRulesCommand } from "./export-rules.command.js";
import { resolveGlobalOptions } from "./options.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-export-cli-");
  const ctx = project.context("admin");
  seed(ctx, {
    documents: [doc("api", { patterns: ["src/api/**"] }), doc("by-command", { commands: ["deploy"] })],
  });
  ctx.close();
});
afterEach(() => project.cleanup());

function run(opts: { targets: string; check?: boolean }) {
  let out = "";
  const code = exportRulesCommand(resolveGlobalOptions({ projectRoot: project.root }), opts, (t) => {
    out += t;
  });
  return { code, out };
}

describe("archon export-rules", () => {
  it("--check exits 1 before an export and 0 after it", () => {
    expect(run({ targets: "cursor,kiro", check: true })).toEqual({
      code: 1,
      out: [
        "created  .cursor/rules/api.mdc",
        "created  .kiro/steering/api.md",
        "skipped by-command: reached only through a command; editors have no equivalent",
        "The exported rules are out of date: run archon export-rules without --check and commit the result.",
        "",
      ].join("\n"),
    });
    expect(run({ targets: "cursor,kiro" }).code).toBe(0);
    expect(run({ targets: "cursor,kiro", check: true })).toEqual({
      code: 0,
      out: [
        "unchanged  .cursor/rules/api.mdc",
        "unchanged  .kiro/steering/api.md",
        "skipped by-command: reached only through a command; editors have no equivalent",
        "The exported rules match the knowledge base.",
        "",
      ].join("\n"),
    });
  });

  it("refuses an unknown target, naming the ones it knows", () => {
    expect(() => run({ targets: "cursor,emacs" })).toThrow(
      '--targets takes cursor, claude, copilot, windsurf, cline, continue, kiro, gemini, agents; "emacs" is not one of them.',
    );
  });
});
