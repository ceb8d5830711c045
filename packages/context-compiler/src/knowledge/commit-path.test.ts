import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../context/archon-context.js";
import { getDocument } from "../store/documents.js";
import { edgesOfDocument } from "../store/edges.js";
import { rowCounts } from "../store/row-counts.js";
import { latestSnapshot } from "../store/snapshots.js";
import { readRevisions } from "../store/version.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { refuseInserts } from "../test-support/refuse-writes.js";
import { approveStandingRules } from "../test-support/standing-rules.js";
import { importDoc } from "./import-doc.js";
import { RULES_FILE, renderRulesFile } from "./standing-rules/rules-file.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const noMocks = (content: string) => ({ doc_id: "no-mocks", title: "Rule no-mocks", content });
/** import_doc over the standing rule, as an admin re-importing it from elsewhere would. */
const reimport = {
  ...noMocks("Never mock SQLite or git."),
  edge_hints: [{ edge_type: "path_requires" as const, source_value: "src/**" }],
};

const rulesFile = () => readFileSync(join(project.root, RULES_FILE), "utf8");

describe("a seed whose tag write fails half-way", () => {
  it("leaves no document, edge, layer rule, tag, version bump or snapshot behind", () => {
    const ctx = project.context();
    const before = rowCounts(ctx.kdb.db);
    refuseInserts(ctx.kdb.db, "tag_mappings", "tag write refused");
    const seeding = () =>
      seed(ctx, {
        documents: [doc("api", { patterns: ["src/api/**"], layers: ["api"], tags: ["http"] })],
        layer_rules: [{ pattern: "src/api/**", layer: "api" }],
      });
    expect(seeding).toThrow("tag write refused");
    expect({
      rows: rowCounts(ctx.kdb.db),
      revisions: readRevisions(ctx.kdb.db),
      snapshot: latestSnapshot(ctx.kdb.db) ?? null,
    }).toEqual({
      rows: before,
      revisions: { knowledge_version: 0, tag_catalog_rev: 0, template_rev: 0 },
      snapshot: null,
    });
  });
});

describe("a seed or import_doc that rewrites a standing rule", () => {
  it("renders .archon/rules.md again from the knowledge it committed", () => {
    const ctx = project.context();
    approveStandingRules(ctx, noMocks("Never mock the database."));
    const seeded = seed(ctx, {
      documents: [doc("no-mocks", noMocks("Never mock SQLite; use a temp file."))],
    });
    expect(seeded).toMatchObject({ documents_changed: 1, changed: true, knowledge_version: 2 });
    expect(rulesFile()).toBe(renderRulesFile([noMocks("Never mock SQLite; use a temp file.")]));
    const imported = importDoc(writeContext(ctx), reimport);
    expect(imported).toMatchObject({ changed: true, knowledge_version: 3, warnings: [] });
    expect(rulesFile()).toBe(renderRulesFile([noMocks("Never mock SQLite or git.")]));
  });

  it("refuses, changing nothing, while rules.md holds hand edits nobody absorbed", () => {
    const ctx = project.context();
    approveStandingRules(ctx, noMocks("Never mock the database."));
    const edited = renderRulesFile([noMocks("Edited by hand, not absorbed yet.")]);
    project.write(RULES_FILE, edited);
    expect(() => importDoc(writeContext(ctx), reimport)).toThrow(
      ".archon/rules.md has hand edits that are not in the knowledge base yet (changed: no-mocks)",
    );
    expect({
      content: getDocument(ctx.kdb.db, "no-mocks")?.content,
      edges: edgesOfDocument(ctx.kdb.db, "no-mocks"),
      version: readRevisions(ctx.kdb.db).knowledge_version,
      file: rulesFile(),
    }).toEqual({ content: "Never mock the database.", edges: [], version: 1, file: edited });
  });
});
