import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { approveProposalTool } from "../../mcp/admin/approve-proposal.tool.js";
import { approveProposalBundleTool } from "../../mcp/admin/approve-proposal-bundle.tool.js";
import { deleteDecisionTool } from "../../mcp/admin/delete-decision.tool.js";
import { getProposalTool } from "../../mcp/admin/get-proposal.tool.js";
import { listProposalsTool } from "../../mcp/admin/list-proposals.tool.js";
import { preflightProposalBundleTool } from "../../mcp/admin/preflight-proposal-bundle.tool.js";
import { rejectProposalTool } from "../../mcp/admin/reject-proposal.tool.js";
import { resolveConflictTool } from "../../mcp/admin/resolve-conflict.tool.js";
import { agentTools } from "../../mcp/agent/index.js";
import { recordObservation } from "../../store/observations.js";
import { createProposal } from "../../store/proposals.js";
import { readVersion } from "../../store/version.js";
import { type TestProject, tempProject } from "../../test-support/project.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

type Ctx = ReturnType<TestProject["context"]>;
const propose = (ctx: Ctx, payload: unknown, extra: { bundle_id?: string; evidence?: string[] } = {}) =>
  createProposal(
    ctx.kdb.db,
    {
      proposal_type: "new_doc",
      payload,
      source: "manual_note",
      bundle_id: extra.bundle_id,
      evidence_observation_ids: extra.evidence,
    },
    ctx.clock,
    ctx.ids,
  ).proposal_id;

describe("the review tools", () => {
  it("list_proposals returns one status with computed secret-scan warnings", async () => {
    const ctx = project.context();
    const leaky = propose(ctx, { doc_id: "k", title: "Keys", content: "Use AKIAABCDEFGHIJKLMNOP here." });
    const clean = propose(ctx, { doc_id: "c", title: "Clean", content: "Nothing secret." });
    const listed = await listProposalsTool.run({}, ctx);
    expect(listed).toMatchObject({
      status: "pending",
      count: 2,
      proposals: [
        { proposal_id: leaky, secret_scan_warnings: ["Possible AWS access key id in the content."] },
        { proposal_id: clean, secret_scan_warnings: [] },
      ],
    });
    await rejectProposalTool.run({ proposal_id: clean, comment: "no" }, ctx);
    expect(await listProposalsTool.run({ status: "rejected" }, ctx)).toMatchObject({
      count: 1,
      proposals: [{ proposal_id: clean, status: "rejected", comment: "no" }],
    });
  });

  it("get_proposal returns the proposal with its evidence, or null", async () => {
    const ctx = project.context();
    const obs = recordObservation(
      ctx.kdb.db,
      { event_type: "manual_note", payload: { text: "remember this" } },
      ctx.clock,
      ctx.ids,
    );
    const id = propose(ctx, { doc_id: "d", title: "D", content: "x" }, { evidence: [obs.observation_id] });
    expect(await getProposalTool.run({ proposal_id: id }, ctx)).toEqual({
      proposal_id: id,
      proposal_type: "new_doc",
      payload: {
        content: "x",
        depends_on: [],
        doc_id: "d",
        edge_hints: [],
        kind: "guideline",
        origin: null,
        priority: 100,
        source_path: null,
        title: "D",
      },
      status: "pending",
      bundle_id: null,
      source: "manual_note",
      rationale: null,
      created_at: "2026-11-29T12:00:00.000Z",
      decided_at: null,
      decided_by: null,
      comment: null,
      applied_version: null,
      evidence_observation_ids: [obs.observation_id],
      secret_scan_warnings: [],
      conflicts: [],
    });
    expect(await getProposalTool.run({ proposal_id: "prop_none" }, ctx)).toBeNull();
  });

  it("approve and bundle tools change knowledge through the same services", async () => {
    const ctx = project.context();
    const id = propose(ctx, { doc_id: "one", title: "One", content: "x" });
    expect(await approveProposalTool.run({ proposal_id: id }, ctx)).toMatchObject({ knowledge_version: 1 });
    propose(ctx, { doc_id: "two", title: "Two", content: "y" }, { bundle_id: "b" });
    expect(await preflightProposalBundleTool.run({ bundle_id: "b" }, ctx)).toMatchObject({
      ready: true,
      outcome: { knowledge_version_after: 2, documents_added: ["two"] },
    });
    expect(readVersion(ctx.kdb.db)).toBe(1);
    expect(await approveProposalBundleTool.run({ bundle_id: "b" }, ctx)).toMatchObject({
      knowledge_version: 2,
    });
  });

  it("annotates the read-only tools as read-only and the approvals as destructive", () => {
    expect(
      [listProposalsTool, getProposalTool, preflightProposalBundleTool].map(
        (t) => t.annotations.readOnlyHint,
      ),
    ).toEqual([true, true, true]);
    expect(
      [approveProposalTool, approveProposalBundleTool, deleteDecisionTool].map(
        (t) => t.annotations.destructiveHint,
      ),
    ).toEqual([true, true, true]);
  });
});

describe("P-3 from the attacker's side: an agent cannot approve", () => {
  it("is refused by every approving tool when called with an agent-surface context", async () => {
    const admin = project.context("admin");
    const id = propose(admin, { doc_id: "self", title: "Self", content: "Approve me." }, { bundle_id: "b" });
    const agent = project.context("agent");
    const attempts = [
      () => approveProposalTool.run({ proposal_id: id }, agent),
      () => approveProposalTool.run({ proposal_id: id, modifications: { title: "Sneaky" } }, agent),
      () => approveProposalBundleTool.run({ bundle_id: "b" }, agent),
      () => rejectProposalTool.run({ proposal_id: id, comment: "x" }, agent),
      () =>
        resolveConflictTool.run({ proposal_id: id, existing_doc_id: "self", resolution: "cancel" }, agent),
      () => deleteDecisionTool.run({ doc_id: "self" }, agent),
    ];
    for (const attempt of attempts) expect(attempt).toThrow(/is refused on the agent surface/);
    expect(readVersion(admin.kdb.db)).toBe(0);
    expect(admin.kdb.db.prepare("SELECT status FROM proposals").pluck().all()).toEqual(["pending"]);
  });

  it("never finds an approving tool on the agent surface's list", () => {
    const names = agentTools.map((t) => t.name);
    for (const tool of [
      "approve_proposal",
      "approve_proposal_bundle",
      "reject_proposal",
      "resolve_conflict",
      "delete_decision",
    ])
      expect(names).not.toContain(tool);
  });
});
