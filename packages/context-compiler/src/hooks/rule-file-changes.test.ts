import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { commitAll } from "../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { runSyncRulesHook } from "./sync-rules-hook.js";

let project: TestProject;

beforeEach(() => {
  project = tempProject("archon-hook-rule-files-");
  seed(project.context(), {
    documents: [doc("api", { patterns: ["src/api/**"], content: "Answer 422.\n" })],
  });
  commitAll(project.root, "Rule files", true);
});
afterEach(() => project.cleanup());

/** The person's next prompt, as Claude Code's UserPromptSubmit hook runs it. */
function prompt(): string {
  const ctx = project.context();
  return runSyncRulesHook(
    { ...writeContext(ctx), ids: ctx.ids, clock: ctx.clock },
    { hook_event_name: "UserPromptSubmit", prompt: "carry on", session_id: "s1" },
  );
}

describe("the prompt hook after a commit changed rule files", () => {
  it("tells the person which commit changed which rule, once", () => {
    prompt();
    const file = join(project.root, ".archon/rules/api.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("422", "400"));
    commitAll(project.root, "An agent changed the API rule");
    expect(prompt()).toMatch(
      /^archon absorbed committed rule files\. Tell the user, who decides whether each change stands: commit [0-9a-f]{7,} Test: An agent changed the API rule added or changed api \(knowledge_version 2\)\. Review it with `git log -p [0-9a-f]{12} -- \.archon\/rules\/`\.$/m,
    );
    expect(prompt()).not.toMatch(/absorbed committed rule files/);
  });
});
