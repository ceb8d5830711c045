import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyEdgeScopesTool } from "../../mcp/admin/apply-edge-scopes.tool.js";
import { reviewEdgeScopesTool } from "../../mcp/admin/review-edge-scopes.tool.js";
import { bundleProposals, listProposals } from "../../store/proposals.js";
import { readVersion } from "../../store/version.js";
import { commitAll } from "../../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import type { ApplyEdgeScopesResult, EdgeScope } from "./apply-edge-scopes.js";
import type { EdgeScopeReview } from "./review-edge-scopes.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

type Ctx = ReturnType<TestProject["context"]>;
const review = (ctx: Ctx, threshold?: number) =>
  reviewEdgeScopesTool.run(threshold === undefined ? {} : { threshold }, ctx) as EdgeScopeReview;
const apply = (ctx: Ctx, scopes: EdgeScope[]) =>
  applyEdgeScopesTool.run({ scopes }, ctx) as ApplyEdgeScopesResult;

/** A git repository of 12 files (fixed author and date), with .archon ignored like a real project. */
function gitProject() {
  const files = [
    ".gitignore",
    ...["a", "b", "c", "d", "e"].map((n) => `src/api/${n}.ts`),
    ...["a", "b", "c"].map((n) => `src/ui/${n}.tsx`),
    "src/db/schema.sql",
    "src/db/migrate.ts",
    "README.md",
  ];
  for (const f of files) project.write(f, f === ".gitignore" ? ".archon/\n" : `// ${f}\n`);
  commitAll(project.root, "initial", true);
  const ctx = project.context("admin");
  seed(ctx, {
    documents: [
      doc("api-rules", {
        title: "API rules",
        content: "Every handler validates input.\nReturn typed errors.",
        patterns: ["src/**"],
      }),
      doc("ui-rules", { title: "UI rules", patterns: ["src/ui/**"] }),
      doc("everything", { title: "House style", patterns: ["**"] }),
    ],
  });
  return ctx;
}

describe("review_edge_scopes", () => {
  it("lists globs matching at least the threshold of the project's files, broadest first, and asks the agent", () => {
    const ctx = gitProject();
    const r = review(ctx);
    expect(r.threshold).toBe(0.5);
    expect(r.project_files).toEqual({ source: "git", count: 12, truncated: false });
    expect(r.edges).toEqual([
      {
        edge_id: 3,
        glob: "**",
        doc_id: "everything",
        title: "House style",
        share: 1,
        matched: 12,
        sample: [
          ".gitignore",
          "README.md",
          "src/api/a.ts",
          "src/api/b.ts",
          "src/api/c.ts",
          "src/api/d.ts",
          "src/api/e.ts",
          "src/db/migrate.ts",
          "src/db/schema.sql",
          "src/ui/a.tsx",
        ],
        excerpt: "Content of everything.",
      },
      {
        edge_id: 1,
        glob: "src/**",
        doc_id: "api-rules",
        title: "API rules",
        share: 0.8333,
        matched: 10,
        sample: [
          "src/api/a.ts",
          "src/api/b.ts",
          "src/api/c.ts",
          "src/api/d.ts",
          "src/api/e.ts",
          "src/db/migrate.ts",
          "src/db/schema.sql",
          "src/ui/a.tsx",
          "src/ui/b.tsx",
          "src/ui/c.tsx",
        ],
        excerpt: "Every handler validates input.\nReturn typed errors.",
      },
    ]);
    expect(r.instructions).toContain(
      "call archon_apply_edge_scopes with scopes: [{ edge_id, globs: [...] }]",
    );
  });

  it("moves the cut with threshold", () => {
    const ctx = gitProject();
    expect(review(ctx, 1).edges.map((e) => e.glob)).toEqual(["**"]);
    expect(review(ctx, 0.3).edges.map((e) => e.glob)).toEqual(["**", "src/**"]);
    expect(review(ctx, 0.25).edges.map((e) => e.glob)).toEqual(["**", "src/**", "src/ui/**"]);
  });

  it("says there is nothing to narrow when no glob is that broad", () => {
    const ctx = gitProject();
    ctx.kdb.db.prepare("UPDATE edges SET status = 'deprecated' WHERE edge_id = 3").run();
    const r = review(ctx, 0.9);
    expect(r.edges).toEqual([]);
    expect(r.instructions).toBe(
      "No path_requires glob matches that share of the project's files; nothing to narrow. Lower threshold to look at narrower globs.",
    );
  });

  it("refuses a threshold outside (0, 1]", () => {
    expect(() => review(gitProject(), 1.5)).toThrow("threshold must be above 0 and at most 1, not 1.5.");
  });
});

describe("apply_edge_scopes", () => {
  it("writes one bundle of remove_edge + add_edge proposals, with match counts, and applies nothing", () => {
    const ctx = gitProject();
    const r = apply(ctx, [{ edge_id: 1, globs: ["src/api/**", "src/db/*.ts"] }]);
    expect(r).toEqual({
      bundle_id: "bundle_0001",
      knowledge_version: 1,
      scopes: [
        {
          edge_id: 1,
          doc_id: "api-rules",
          removed_glob: "src/**",
          remove_proposal_id: "prop_0002",
          globs: [
            { glob: "src/api/**", matches: 5, proposal_id: "prop_0003" },
            { glob: "src/db/*.ts", matches: 1, proposal_id: "prop_0004" },
          ],
        },
      ],
      next: 'Nothing is applied yet: a person reviews bundle bundle_0001 and approves it with archon_approve_proposal_bundle({ bundle_id: "bundle_0001" }) (or rejects it).',
    });
    expect(
      bundleProposals(ctx.kdb.db, "bundle_0001").map((p) => [p.proposal_type, p.source, p.status, p.payload]),
    ).toEqual([
      ["remove_edge", "edge_scopes", "pending", { edge_id: 1 }],
      [
        "add_edge",
        "edge_scopes",
        "pending",
        { edge_type: "path_requires", source_value: "src/api/**", target_doc_id: "api-rules" },
      ],
      [
        "add_edge",
        "edge_scopes",
        "pending",
        { edge_type: "path_requires", source_value: "src/db/*.ts", target_doc_id: "api-rules" },
      ],
    ]);
    expect(readVersion(ctx.kdb.db)).toBe(1);
  });

  it("refuses the whole call, writing nothing, when any glob is malformed or matches no file", () => {
    const ctx = gitProject();
    expect(() =>
      apply(ctx, [
        { edge_id: 1, globs: ["src/api/**"] },
        { edge_id: 3, globs: ["docs/**", "src/[", "src/ui/**"] },
      ]),
    ).toThrow(
      'apply_edge_scopes refused; nothing was proposed: edge 3: glob "docs/**" matches no file; edge 3: glob "src/[" has unbalanced brackets or braces.',
    );
    expect(listProposals(ctx.kdb.db, "pending")).toEqual([]);
    expect(readVersion(ctx.kdb.db)).toBe(1);
  });

  it("refuses edges that are not live path_requires edges, and the current glob", () => {
    const ctx = gitProject();
    ctx.kdb.db.prepare("UPDATE edges SET status = 'deprecated' WHERE edge_id = 2").run();
    ctx.kdb.db
      .prepare(
        "INSERT INTO edges (edge_type, source_value, target_doc_id, created_version) VALUES ('layer_requires', 'api', 'api-rules', 1)",
      )
      .run();
    expect(() =>
      apply(ctx, [
        { edge_id: 2, globs: ["src/ui/a.tsx"] },
        { edge_id: 4, globs: ["src/api/**"] },
        { edge_id: 99, globs: ["src/api/**"] },
        { edge_id: 1, globs: ["src/**"] },
        { edge_id: 1, globs: ["src/api/**"] },
      ]),
    ).toThrow(
      'apply_edge_scopes refused; nothing was proposed: edge 2 is deprecated, not a live edge; edge 4 is layer_requires, not path_requires; edge 99 does not exist; edge 1: glob "src/**" is the current glob, not a narrower one; edge 1 appears more than once; give all its globs in one scope.',
    );
    expect(listProposals(ctx.kdb.db, "pending")).toEqual([]);
  });

  it("is refused on the agent surface", () => {
    gitProject();
    expect(() => apply(project.context("agent"), [{ edge_id: 1, globs: ["src/api/**"] }])).toThrow(
      /refused on the agent surface/,
    );
  });
});
