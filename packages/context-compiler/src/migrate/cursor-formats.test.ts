import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { commitAll } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { applyMigration } from "./apply-migration.js";
import { migrationSummary } from "./describe-migration.js";
import { planMigration } from "./plan-migration.js";

// Cursor reads `.mdc` and plain `.md` rules, in nested folders too; anything else there it ignores.
let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-migrate-cursor-formats-");
  project.write(
    ".cursor/rules/frontend/components.md",
    "---\ndescription: React components\nglobs: src/components/**\nalwaysApply: false\n---\nKeep one component per file.\n",
  );
  project.write(
    "apps/api/.cursor/rules/handlers.md",
    "---\nalwaysApply: true\n---\nReturn errors as problem+json.\n",
  );
  project.write(".cursor/rules/notes.txt", "Ideas for rules we may write one day.\n");
  commitAll(project.root, "cursor rules", true);
});
afterEach(() => project.cleanup());

describe("migrating Cursor rules written as plain .md files in nested folders", () => {
  it("reads each with its front matter and scope, removes it, and names the file Cursor does not read", () => {
    const ctx = project.context();
    const plan = planMigration({ db: ctx.kdb.db, projectRoot: project.root });
    expect(plan.documents.map((d) => ({ doc_id: d.doc_id, from: d.from, scope: d.scope }))).toEqual([
      {
        doc_id: "frontend-components",
        from: ".cursor/rules/frontend/components.md#L6-L6",
        scope: ["src/components/**"],
      },
      { doc_id: "api-handlers", from: "apps/api/.cursor/rules/handlers.md#L4-L4", scope: ["apps/api/**"] },
    ]);
    expect(migrationSummary(plan).sources).toEqual([
      { path: ".cursor/rules/frontend/components.md", action: "remove" },
      { path: "apps/api/.cursor/rules/handlers.md", action: "remove" },
      {
        path: ".cursor/rules/notes.txt",
        action: "keep",
        reason: "Cursor reads only .mdc and .md files in .cursor/rules/; not imported",
      },
    ]);
    applyMigration({ ...writeContext(ctx), ids: ctx.ids }, plan);
    expect(existsSync(join(project.root, ".cursor/rules/frontend/components.md"))).toBe(false);
    // The rule file carries the Cursor rule's scope in its front matter, so a clone compiles it alike.
    expect(readFileSync(join(project.root, ".archon/rules/frontend-components.md"), "utf8")).toBe(
      [
        "---",
        "doc_id: frontend-components",
        "title: React components",
        "kind: guideline",
        "priority: 100",
        "globs:",
        "  - src/components/**",
        "source: .archon/rules/frontend-components.md",
        "---",
        "Keep one component per file.",
      ].join("\n"),
    );
    expect(readFileSync(join(project.root, ".cursor/rules/notes.txt"), "utf8")).toBe(
      "Ideas for rules we may write one day.\n",
    );
  });
});
