import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RULES_FILE, renderRulesFile } from "../knowledge/standing-rules/rules-file.js";
import { standingRules } from "../knowledge/standing-rules/rules-on-disk.js";
import { readVersion } from "../store/version.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import type { GlobalOptions } from "./options.js";
import { syncRulesFileCommand } from "./sync-rules-file.command.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  // An Archon project: a command that does not make one refuses a folder without .archon/.
  project.context().close();
});
afterEach(() => project.cleanup());

const options = (): GlobalOptions => ({ surface: "agent", db: project.dbPath, projectRoot: project.root });
function run(opts: { json?: boolean; dryRun?: boolean } = {}) {
  let text = "";
  syncRulesFileCommand(options(), opts, { write: (t: string) => (text += t) });
  return text;
}
const rule = { doc_id: "no-tests", title: "Tests on request", content: "Run tests only when asked." };

describe("archon sync-rules-file", () => {
  it("absorbs a hand-written rule as a person's approval and prints a summary", () => {
    project.write(RULES_FILE, renderRulesFile([rule]));
    expect(run({ dryRun: true })).toBe(
      "Dry run: 1 added (no-tests), 0 updated, 0 deprecated; nothing was changed.\n",
    );
    expect(run()).toBe(
      "Absorbed .archon/rules.md: 1 added (no-tests), 0 updated, 0 deprecated; knowledge_version 1.\n",
    );
    expect(JSON.parse(run({ json: true }))).toMatchObject({ changed: false, knowledge_version: 1 });
    const ctx = project.context();
    expect(standingRules(ctx.kdb.db)).toEqual([rule]);
    expect(readFileSync(join(project.root, RULES_FILE), "utf8")).toBe(renderRulesFile([rule]));
  });

  it("acts as the admin surface whatever --surface says: a person at a terminal approves", () => {
    project.write(RULES_FILE, renderRulesFile([rule]));
    run();
    expect(readVersion(project.context().kdb.db)).toBe(1);
  });

  it("says so when there is no file, changing nothing", () => {
    expect(run()).toBe("There is no .archon/rules.md; nothing to absorb.\n");
    expect(readVersion(project.context().kdb.db)).toBe(0);
  });
});
