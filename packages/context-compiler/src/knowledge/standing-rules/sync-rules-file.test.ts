import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../../context/archon-context.js";
import { getDocument } from "../../store/documents.js";
import { readVersion } from "../../store/version.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { approveStandingRules } from "../../test-support/standing-rules.js";
import { RULES_FILE, renderRulesFile } from "./rules-file.js";
import { standingRules } from "./rules-on-disk.js";
import { syncRulesFile } from "./sync-rules-file.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const rule = (doc_id: string, content = `Always ${doc_id}.`) => ({
  doc_id,
  title: `Rule ${doc_id}`,
  content,
});
const rulesFile = () => readFileSync(join(project.root, RULES_FILE), "utf8");

describe("sync-rules-file absorbs hand edits as approved knowledge", () => {
  it("adds a new section, updates a changed one and deprecates a removed one, in one version", () => {
    const ctx = project.context();
    approveStandingRules(ctx, rule("keep"), rule("change"), rule("drop"));
    project.write(
      RULES_FILE,
      renderRulesFile([rule("keep"), rule("change", "Edited by hand."), rule("fresh")]),
    );
    expect(syncRulesFile(writeContext(ctx))).toEqual({
      file: "present",
      dry_run: false,
      changed: true,
      added: ["fresh"],
      updated: ["change"],
      deprecated: ["drop"],
      knowledge_version: 4,
      snapshot_id: "snap_v4",
      rules_file_written: true,
      message:
        "Absorbed .archon/rules.md: 1 added (fresh), 1 updated (change), 1 deprecated (drop); knowledge_version 4.",
    });
    expect(standingRules(ctx.kdb.db)).toEqual([
      rule("change", "Edited by hand."),
      rule("fresh"),
      rule("keep"),
    ]);
    expect(getDocument(ctx.kdb.db, "drop")?.status).toBe("deprecated");
    expect(ctx.kdb.db.prepare("SELECT origin FROM documents WHERE doc_id = 'fresh'").pluck().get()).toBe(
      "standing",
    );
    expect(rulesFile()).toBe(renderRulesFile(standingRules(ctx.kdb.db)));
  });

  it("bumps nothing when the file matches, and says so", () => {
    const ctx = project.context();
    approveStandingRules(ctx, rule("a"));
    expect(syncRulesFile(writeContext(ctx))).toMatchObject({
      changed: false,
      knowledge_version: 1,
      message: ".archon/rules.md matches the knowledge base; nothing to absorb.",
    });
  });

  it("previews with dry_run without changing anything", () => {
    const ctx = project.context();
    approveStandingRules(ctx, rule("a"));
    project.write(RULES_FILE, renderRulesFile([rule("a"), rule("b")]));
    expect(syncRulesFile(writeContext(ctx), { dry_run: true })).toMatchObject({
      dry_run: true,
      changed: false,
      added: ["b"],
      knowledge_version: 1,
      message: "Dry run: 1 added (b), 0 updated, 0 deprecated; nothing was changed.",
    });
    expect(standingRules(ctx.kdb.db).map((r) => r.doc_id)).toEqual(["a"]);
  });

  it("never wipes: a missing file or one without sections changes nothing", () => {
    const ctx = project.context();
    expect(syncRulesFile(writeContext(ctx)).message).toBe("There is no .archon/rules.md; nothing to absorb.");
    approveStandingRules(ctx, rule("a"));
    project.write(RULES_FILE, "# Standing rules\n\nEverything deleted by accident.\n");
    expect(syncRulesFile(writeContext(ctx))).toMatchObject({ file: "empty", changed: false, deprecated: [] });
    expect(standingRules(ctx.kdb.db).map((r) => r.doc_id)).toEqual(["a"]);
    expect(readVersion(ctx.kdb.db)).toBe(1);
  });

  it("refuses a file that does not parse, or a section that names an ordinary document, changing nothing", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("ordinary")] });
    project.write(RULES_FILE, "## rule: a\nno title\n");
    expect(() => syncRulesFile(writeContext(ctx))).toThrow(/cannot be read; nothing was changed/);
    project.write(RULES_FILE, renderRulesFile([rule("ordinary")]));
    expect(() => syncRulesFile(writeContext(ctx))).toThrow(
      '.archon/rules.md names "ordinary", which is an ordinary document, not a standing rule; nothing was changed.',
    );
    expect(readVersion(ctx.kdb.db)).toBe(1);
  });

  it("revives a deprecated standing rule whose section comes back", () => {
    const ctx = project.context();
    approveStandingRules(ctx, rule("a"), rule("b"));
    project.write(RULES_FILE, renderRulesFile([rule("a")]));
    syncRulesFile(writeContext(ctx));
    project.write(RULES_FILE, renderRulesFile([rule("a"), rule("b", "Back again.")]));
    expect(syncRulesFile(writeContext(ctx))).toMatchObject({ added: ["b"], knowledge_version: 4 });
    expect(getDocument(ctx.kdb.db, "b")).toMatchObject({ status: "approved", content: "Back again." });
  });

  it("is refused on the agent surface", () => {
    expect(() => syncRulesFile(writeContext(project.context("agent")))).toThrow(
      /sync_rules_file is refused on the agent surface/,
    );
  });
});
