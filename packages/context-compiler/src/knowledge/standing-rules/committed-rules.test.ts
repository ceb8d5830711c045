import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../../context/archon-context.js";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { committedTarget } from "./committed-rules.js";
import { renderRulesFile } from "./rules-file.js";
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

/** A knowledge base holding exactly `rules` as standing rules. */
function knowledgeWith(...rules: ReturnType<typeof rule>[]) {
  const ctx = project.context();
  syncRulesFile(writeContext(ctx), { file: { state: "present", sections: rules } });
  return ctx.kdb.db;
}

describe("committedTarget applies only what changed between two committed texts", () => {
  it("keeps a rule confirmed since the last commit, and applies the commit's own change", () => {
    const db = knowledgeWith(rule("a"), rule("b"), rule("confirmed-later"));
    const base = renderRulesFile([rule("a"), rule("b")]);
    const head = renderRulesFile([rule("a", "Always a, reviewed."), rule("c")]);
    expect(committedTarget(db, base, head)).toEqual({
      state: "present",
      sections: [rule("a", "Always a, reviewed."), rule("confirmed-later"), rule("c")],
    });
  });

  it("without a base, takes only the rules the knowledge base lacks (a fresh clone)", () => {
    const db = knowledgeWith(rule("a", "Always a, newer."), rule("confirmed-later"));
    const head = renderRulesFile([rule("a"), rule("c")]);
    expect(committedTarget(db, null, head)).toEqual({
      state: "present",
      sections: [rule("a", "Always a, newer."), rule("confirmed-later"), rule("c")],
    });
  });

  it("changes nothing when HEAD has no rules file", () => {
    const db = knowledgeWith(rule("a"));
    expect(committedTarget(db, renderRulesFile([rule("a")]), undefined)).toEqual({
      state: "present",
      sections: [rule("a")],
    });
  });
});
