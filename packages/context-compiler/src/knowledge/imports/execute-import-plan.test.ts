import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { analyzeImportBatchTool } from "../../mcp/admin/analyze-import-batch.tool.js";
import { executeImportPlanTool } from "../../mcp/admin/execute-import-plan.tool.js";
import { bundleProposals, createProposal } from "../../store/proposals.js";
import { dbState } from "../../test-support/db-state.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import type { AnalyzeResult } from "./analyze-docs.js";
import type { ExecuteResult } from "./execute-import-plan.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

const item = (doc_id: string, extra: Record<string, unknown> = {}) => ({
  doc_id,
  title: `Title of ${doc_id}`,
  content: `Content of ${doc_id}.`,
  edge_hints: [{ edge_type: "path_requires" as const, source_value: "src/**" }],
  ...extra,
});

describe("execute_import_plan", () => {
  it("turns the analyzed plan into pending new_doc proposals sharing one bundle, edges inside, suggested tags left out", () => {
    project.write(
      "docs/api.md",
      "## Errors\nNever throw strings in `src/api/`.\n\n## Naming\nShort names.\n",
    );
    const ctx = project.context();
    seed(ctx, { documents: [doc("base", { patterns: ["src/**"] })] });
    const plan = analyzeImportBatchTool.run({ file_paths: ["docs/api.md"] }, ctx) as AnalyzeResult;
    const result = executeImportPlanTool.run({ items: plan.items }, ctx);
    expect(result).toEqual({
      bundle_id: "bundle_0001",
      proposals: [
        { proposal_id: "prop_0002", doc_id: "api-errors" },
        { proposal_id: "prop_0003", doc_id: "api-naming" },
      ],
      next_step:
        'Nothing is canonical yet. Check the bundle with archon_preflight_proposal_bundle({ bundle_id: "bundle_0001" }); then a person approves it with archon_approve_proposal_bundle({ bundle_id: "bundle_0001" }), which lands every document and its edges as one version.',
    });
    const stored = bundleProposals(ctx.kdb.db, "bundle_0001");
    expect(stored.map((p) => [p.proposal_type, p.status, p.source, p.rationale])).toEqual([
      ["new_doc", "pending", "import", "Imported from docs/api.md#Errors."],
      ["new_doc", "pending", "import", "Imported from docs/api.md#Naming."],
    ]);
    expect(stored[0]?.payload).toEqual({
      doc_id: "api-errors",
      title: "Errors",
      kind: "constraint",
      content: "## Errors\nNever throw strings in `src/api/`.",
      source_path: "docs/api.md#Errors",
      priority: 100,
      edge_hints: [{ edge_type: "path_requires", source_value: "src/api/**" }],
      depends_on: [],
      origin: null,
    });
    expect(dbState(ctx.kdb.db).version).toBe("1");
  });

  it("names every collision and proposes nothing: existing document, pending proposal, duplicate in the plan", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("taken", { patterns: ["src/**"] })] });
    createProposal(
      ctx.kdb.db,
      { proposal_type: "new_doc", payload: item("proposed"), source: "manual_note" },
      ctx.clock,
      ctx.ids,
    );
    const before = dbState(ctx.kdb.db);
    expect(() =>
      executeImportPlanTool.run(
        { items: [item("fresh"), item("taken"), item("proposed"), item("twice"), item("twice")] },
        ctx,
      ),
    ).toThrow(
      'execute_import_plan refused, nothing was proposed: doc_id "taken" (item 1) already exists (approved); doc_id "proposed" (item 2) is already proposed by pending prop_0001; doc_id "twice" appears 2 times in the plan (items 3, 4).',
    );
    expect(dbState(ctx.kdb.db)).toEqual(before);
  });

  it("refuses bad globs, bad ids and unknown dependencies per item, and proposes nothing", () => {
    const ctx = project.context();
    const before = dbState(ctx.kdb.db);
    expect(() =>
      executeImportPlanTool.run(
        {
          items: [
            item("a", { edge_hints: [{ edge_type: "path_requires", source_value: "../out/**" }] }),
            item("-bad"),
            item("c", { depends_on: ["a", "ghost"] }),
          ],
        },
        ctx,
      ),
    ).toThrow(
      "execute_import_plan refused, nothing was proposed: item 0: glob \"../out/**\" contains '..'; globs cannot leave the project; item 1: Invalid new_doc payload: doc_id: letters, digits, '.', '_' or '-', starting with a letter or digit; item 2: depends_on names unknown \"ghost\".",
    );
    expect(dbState(ctx.kdb.db)).toEqual(before);
  });

  it("is refused on the agent surface and writes nothing", () => {
    const ctx = project.context("agent");
    const before = dbState(ctx.kdb.db);
    expect(() => executeImportPlanTool.run({ items: [item("a")] }, ctx)).toThrow(
      "execute_import_plan is refused on the agent surface",
    );
    expect(dbState(ctx.kdb.db)).toEqual(before);
  });

  it("carries a reviewed item's description and tags into its payload", () => {
    const ctx = project.context();
    const result = executeImportPlanTool.run(
      {
        items: [
          item("auth", {
            edge_hints: [],
            description: "Touching authentication",
            tags: ["auth", "security", "auth"],
          }),
        ],
      },
      ctx,
    ) as ExecuteResult;
    expect(bundleProposals(ctx.kdb.db, result.bundle_id).map((p) => p.payload)).toEqual([
      {
        doc_id: "auth",
        title: "Title of auth",
        kind: "guideline",
        content: "Content of auth.",
        source_path: null,
        priority: 100,
        description: "Touching authentication",
        edge_hints: [],
        depends_on: [],
        tags: ["auth", "security"],
        origin: null,
      },
    ]);
  });

  it("lets a plan item depend on another item of the same plan", () => {
    const ctx = project.context();
    const result = executeImportPlanTool.run(
      { items: [item("a"), item("b", { depends_on: ["a"] })] },
      ctx,
    ) as ExecuteResult;
    expect(bundleProposals(ctx.kdb.db, result.bundle_id).map((p) => p.payload.depends_on)).toEqual([
      [],
      ["a"],
    ]);
  });
});
