import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adapterConfig } from "../adapters/adapter-config.js";
import { ruleBlock } from "../adapters/rule-block.js";
import { commitAll } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { VERSION } from "../version.js";
import { migrationSummary } from "./describe-migration.js";
import { planMigration } from "./plan-migration.js";

// What migration moves comes out whole: another tool's block, an @ import, a file a rule still names.
const GRAPH_BLOCK = [
  "<!-- gitnexus:start -->",
  "## Code graph",
  "",
  "Query the graph before a rename.",
  "",
  "## Impact",
  "",
  "Check the impact report first.",
  "<!-- gitnexus:end -->",
].join("\n");

let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-migrate-moved-");
  project.write(
    "AGENTS.md",
    `# Shop\n\n## Testing\n\nRun the tests before you push.\n\n${GRAPH_BLOCK}\n\n## Style\n\nUse tabs.\n`,
  );
  project.write(
    "CLAUDE.md",
    "Follow @AGENTS.md.\n\n## Reviews\n\nTwo approvals, and every reviewer checks the points in @.github/copilot-instructions.md before approving.\n",
  );
  project.write(".github/copilot-instructions.md", "Keep handlers thin.\n");
  commitAll(project.root, "rules", true);
});
afterEach(() => project.cleanup());

function plan() {
  const ctx = project.context();
  return planMigration({ db: ctx.kdb.db, projectRoot: project.root });
}

describe("migrating instruction files that hold another tool's block, @ imports and file references", () => {
  it("keeps the other tool's block whole in place, imports AGENTS.md once, drops the pointer sentence and keeps the file a rule names", () => {
    const planned = plan();
    expect(planned.import.items.map((i) => [i.doc_id, i.content])).toEqual([
      ["agents-testing", "## Testing\n\nRun the tests before you push."],
      ["agents-style", "## Style\n\nUse tabs."],
      [
        "claude-reviews",
        "## Reviews\n\nTwo approvals, and every reviewer checks the points in @.github/copilot-instructions.md before approving.",
      ],
    ]);
    expect(migrationSummary(planned).sources).toEqual([
      {
        path: ".github/copilot-instructions.md",
        action: "keep",
        reason: "the rule moved from CLAUDE.md names it (@.github/copilot-instructions.md), so it stays",
      },
      { path: "AGENTS.md", action: "rewrite" },
      { path: "CLAUDE.md", action: "rewrite" },
    ]);
    const config = adapterConfig({ version: VERSION, projectRoot: project.root });
    expect(planned.sources.find((s) => s.path === "AGENTS.md")).toEqual({
      path: "AGENTS.md",
      action: "rewrite",
      text: `${GRAPH_BLOCK}\n\n${ruleBlock(config)}`,
    });
  });
});
