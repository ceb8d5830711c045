// Every admin tool called over stdio in the order a person uses them, each result parsed with the tool's
// own output schema: a schema that does not describe what the tool returns fails here, not for a user.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { commitAll } from "../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { NEXT_APP, writeTree } from "../test-support/project-trees.js";
import { type ConnectedClient, connectArchon } from "../test-support/stdio-client.js";
import { analyzeDocTool } from "./admin/analyze-doc.tool.js";
import { analyzeImportBatchTool } from "./admin/analyze-import-batch.tool.js";
import { applyEdgeScopesTool } from "./admin/apply-edge-scopes.tool.js";
import { applyUpgradeTool } from "./admin/apply-upgrade.tool.js";
import { approveProposalTool } from "./admin/approve-proposal.tool.js";
import { approveProposalBundleTool } from "./admin/approve-proposal-bundle.tool.js";
import { checkUpgradeTool } from "./admin/check-upgrade.tool.js";
import { deleteDecisionTool } from "./admin/delete-decision.tool.js";
import { doctorTool } from "./admin/doctor.tool.js";
import { executeImportPlanTool } from "./admin/execute-import-plan.tool.js";
import { getProposalTool } from "./admin/get-proposal.tool.js";
import { initConfirmTool } from "./admin/init-confirm.tool.js";
import { initDetectTool } from "./admin/init-detect.tool.js";
import { preflightProposalBundleTool } from "./admin/preflight-proposal-bundle.tool.js";
import { rejectProposalTool } from "./admin/reject-proposal.tool.js";
import { resolveConflictTool } from "./admin/resolve-conflict.tool.js";
import { reviewEdgeScopesTool } from "./admin/review-edge-scopes.tool.js";
import { syncDocsTool } from "./admin/sync-docs.tool.js";
import { syncInitManifestTool } from "./admin/sync-init-manifest.tool.js";
import { observeTool } from "./agent/observe.tool.js";

let project: TestProject;
const clients: ConnectedClient[] = [];
const open = async (root: TestProject) => {
  const c = await connectArchon({ surface: "admin", dbPath: root.dbPath, projectRoot: root.root });
  clients.push(c);
  return c;
};

beforeEach(() => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  project.write("docs/testing.md", "# Testing\n\nRun the unit tests before every push.\n");
  const ctx = project.context();
  seed(ctx, { documents: [doc("api-constraint", { kind: "constraint", patterns: ["src/api/**"] })] });
  ctx.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  project.cleanup();
});

describe("each admin tool's result", () => {
  it("parses with its own schema through review, import, approval and curation", async () => {
    const admin = await open(project);
    const note = (text: string) =>
      admin.result(observeTool, { event_type: "manual_note", payload: { note: text } });

    const kept = await note("From now on, never log request bodies in the api layer.");
    const shown = await admin.result(getProposalTool, { proposal_id: kept.proposal_id as string });
    expect(shown.proposal_id).toBe(kept.proposal_id);
    const approved = await admin.result(approveProposalTool, { proposal_id: kept.proposal_id as string });
    const docId = String((shown.payload as { doc_id?: unknown } | undefined)?.doc_id);
    expect(approved.knowledge_version).toBe(2);
    const deleted = await admin.result(deleteDecisionTool, { doc_id: docId });
    expect(deleted.doc_id).toBe(docId);

    const dropped = await note("From now on, squash every commit before pushing.");
    const rejected = await admin.result(rejectProposalTool, {
      proposal_id: dropped.proposal_id as string,
      comment: "not our workflow",
    });
    expect(rejected.status).toBe("rejected");

    const one = await admin.result(analyzeDocTool, { file_path: "docs/testing.md" });
    const batch = await admin.result(analyzeImportBatchTool, { file_paths: ["docs/testing.md"] });
    expect(batch.items.map((i) => i.doc_id)).toEqual(one.items.map((i) => i.doc_id));
    const items = batch.items.map((i) => ({
      ...i,
      edge_hints: [{ edge_type: "path_requires" as const, source_value: "src/**" }],
    }));
    const plan = await admin.result(executeImportPlanTool, { items });
    const bundle_id = plan.bundle_id as string;
    expect((await admin.result(preflightProposalBundleTool, { bundle_id })).ready).toBe(true);
    expect((await admin.result(approveProposalBundleTool, { bundle_id })).bundle_id).toBe(bundle_id);

    expect((await admin.result(doctorTool, {})).knowledge_version).toBeGreaterThan(2);
    expect((await admin.result(syncDocsTool, { dry_run: true })).dry_run).toBe(true);
    expect(Array.isArray((await admin.result(reviewEdgeScopesTool, {})).edges)).toBe(true);
  });

  it("parses with its own schema through a conflict answer and a narrower edge scope", async () => {
    project.write(".gitignore", ".archon/\n");
    project.write("src/api/orders.ts", "export {};\n");
    project.write("src/api/internal/cache.ts", "export {};\n");
    commitAll(project.root, "initial", true);
    const admin = await open(project);
    const note = (text: string) =>
      admin.result(observeTool, { event_type: "manual_note", payload: { note: text } });

    // A second standing rule worded like the first is flagged; the person answers that it replaces it.
    const first = await note("From now on, never log request bodies in the api layer.");
    await admin.result(approveProposalTool, { proposal_id: first.proposal_id as string });
    const second = await note("From now on, log request bodies in the api layer behind a debug flag.");
    const [proposal_id, existing_doc_id] = [second.proposal_id as string, first.doc_id as string];
    expect(second.conflict_candidates?.map((c) => c.doc_id)).toEqual([existing_doc_id]);
    const answered = await admin.result(resolveConflictTool, {
      proposal_id,
      existing_doc_id,
      resolution: "supersede",
    });
    expect(answered).toEqual({
      conflict_id: expect.stringMatching(/^cfl_/),
      proposal_id,
      existing_doc_id,
      resolution: "supersede",
      created_at: expect.any(String),
      resolved_at: expect.any(String),
      proposal_status: "pending",
    });
    const approved = await admin.result(approveProposalTool, { proposal_id });
    expect(approved.changes.documents_removed).toEqual([existing_doc_id]);

    // src/api/** catches three of the five committed files; the agent narrows it to the top-level handlers.
    const review = await admin.result(reviewEdgeScopesTool, {});
    expect(review.edges.map((e) => [e.doc_id, e.glob, e.matched])).toEqual([
      ["api-constraint", "src/api/**", 3],
    ]);
    const edge_id = review.edges[0]?.edge_id as number;
    const scoped = await admin.result(applyEdgeScopesTool, {
      scopes: [{ edge_id, globs: ["src/api/*.ts"] }],
    });
    const bundle_id = scoped.bundle_id;
    expect(scoped).toEqual({
      bundle_id,
      knowledge_version: approved.knowledge_version,
      scopes: [
        {
          edge_id,
          doc_id: "api-constraint",
          removed_glob: "src/api/**",
          remove_proposal_id: expect.stringMatching(/^prop_/),
          globs: [{ glob: "src/api/*.ts", matches: 2, proposal_id: expect.stringMatching(/^prop_/) }],
        },
      ],
      next: `Nothing is applied yet: a person reviews bundle ${bundle_id} and approves it with archon_approve_proposal_bundle({ bundle_id: "${bundle_id}" }) (or rejects it).`,
    });
    expect((await admin.result(approveProposalBundleTool, { bundle_id })).bundle_id).toBe(bundle_id);
    expect((await admin.result(reviewEdgeScopesTool, {})).edges).toEqual([]);
  });

  it("parses with its own schema through a template bootstrap and an upgrade check", async () => {
    const next = tempProject();
    try {
      writeTree(next.write, NEXT_APP);
      const admin = await open(next);
      const detected = await admin.result(initDetectTool, {});
      expect(detected.template).toBe("nextjs");
      const confirmed = await admin.result(initConfirmTool, {
        preview_hash: detected.preview_hash as string,
      });
      expect(confirmed.template).toBe("nextjs");
      expect((await admin.result(checkUpgradeTool, {})).up_to_date).toBe(true);
      expect((await admin.result(applyUpgradeTool, {})).bundle_id).toBeNull();
      expect((await admin.result(syncInitManifestTool, {})).changed).toBe(false);
    } finally {
      next.cleanup();
    }
  });
});
