import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeContext } from "../../context/archon-context.js";
import { openConflicts } from "../../store/conflicts.js";
import { createProposal, listProposals } from "../../store/proposals.js";
import { readVersion } from "../../store/version.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import type { ProposalType } from "../../vocabulary/lifecycle.js";
import { approveProposalBundle, preflightProposalBundle } from "./bundle.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

type Ctx = ReturnType<TestProject["context"]>;
const propose = (ctx: Ctx, proposal_type: ProposalType, payload: unknown, bundle_id = "bnd_1") =>
  createProposal(ctx.kdb.db, { proposal_type, payload, source: "import", bundle_id }, ctx.clock, ctx.ids)
    .proposal_id;
const newDoc = (doc_id: string, extra: Record<string, unknown> = {}) => ({
  doc_id,
  title: doc_id,
  content: `About ${doc_id}.`,
  ...extra,
});
const rowCounts = (ctx: Ctx) =>
  ctx.kdb.db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM documents) AS documents, (SELECT COUNT(*) FROM edges) AS edges,
         (SELECT COUNT(*) FROM snapshots) AS snapshots,
         (SELECT COUNT(*) FROM proposals WHERE status = 'pending') AS pending`,
    )
    .get();

/** A bundle proposed out of order: edges and dependants first, the documents they need last. */
function outOfOrderBundle(ctx: Ctx) {
  seed(ctx, { documents: [doc("old", { patterns: ["legacy/**"] })] });
  return {
    deprecate: propose(ctx, "deprecate_doc", { doc_id: "old" }),
    edge: propose(ctx, "add_edge", { edge_type: "layer_requires", source_value: "ui", target_doc_id: "b" }),
    dependant: propose(ctx, "new_doc", newDoc("a", { depends_on: ["b"] })),
    base: propose(
      ctx,
      "new_doc",
      newDoc("b", { edge_hints: [{ edge_type: "path_requires", source_value: "src/**" }] }),
    ),
  };
}

describe("preflight_proposal_bundle", () => {
  it("orders documents before what refers to them and deprecations last, and predicts the outcome", () => {
    const ctx = project.context();
    const p = outOfOrderBundle(ctx);
    const before = rowCounts(ctx);
    expect(preflightProposalBundle(writeContext(ctx), { bundle_id: "bnd_1" })).toEqual({
      bundle_id: "bnd_1",
      ready: true,
      order: [
        { proposal_id: p.base, proposal_type: "new_doc", subject: "b" },
        { proposal_id: p.dependant, proposal_type: "new_doc", subject: "a" },
        { proposal_id: p.edge, proposal_type: "add_edge", subject: "layer_requires ui → b" },
        { proposal_id: p.deprecate, proposal_type: "deprecate_doc", subject: "old" },
      ],
      problems: [],
      knowledge_version_before: 1,
      outcome: {
        knowledge_version_after: 2,
        documents_added: ["a", "b"],
        documents_updated: [],
        documents_removed: ["old"],
        edges_added: [2, 3, 4],
        edges_removed: [1],
      },
    });
    expect(rowCounts(ctx)).toEqual(before);
    expect(readVersion(ctx.kdb.db)).toBe(1);
  });

  it("lists every validation problem and gives no outcome", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("x"), doc("y", { depends_on: ["x"] })] });
    const dupA = propose(ctx, "new_doc", newDoc("dup"));
    const dupB = propose(ctx, "new_doc", newDoc("dup"));
    const exists = propose(ctx, "new_doc", newDoc("x"));
    const ghost = propose(ctx, "add_edge", {
      edge_type: "command_requires",
      source_value: "c",
      target_doc_id: "ghost",
    });
    const edge = propose(ctx, "remove_edge", { edge_id: 99 });
    const cycle = propose(ctx, "add_edge", {
      edge_type: "doc_depends_on",
      source_value: "x",
      target_doc_id: "y",
    });
    const done = propose(ctx, "new_doc", newDoc("z"));
    ctx.kdb.db.prepare("UPDATE proposals SET status = 'rejected' WHERE proposal_id = ?").run(done);
    const result = preflightProposalBundle(writeContext(ctx), { bundle_id: "bnd_1" });
    expect(result.ready).toBe(false);
    expect(result.outcome).toBeNull();
    expect(result.problems).toEqual([
      `${done} is rejected, not pending`,
      `${dupA} and ${dupB} both create "dup"`,
      `${exists} creates "x", which already exists (propose update_doc instead)`,
      `${ghost} refers to "ghost", which neither exists nor is created by this bundle`,
      `${edge} removes edge 99, which does not exist`,
      "the bundle would create the dependency cycle x → y → x",
    ]);
    expect(() => approveProposalBundle(writeContext(ctx), { bundle_id: "bnd_1" })).toThrow(
      /Bundle bnd_1 was refused; nothing was changed. 6 problem\(s\)/,
    );
    expect(readVersion(ctx.kdb.db)).toBe(1);
    expect(cycle).toBeDefined();
  });

  it("reports a failure found only by applying, such as a stale base_content_hash", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("d")] });
    const id = propose(ctx, "update_doc", { doc_id: "d", content: "new", base_content_hash: "stale" });
    expect(preflightProposalBundle(writeContext(ctx), { bundle_id: "bnd_1" }).problems).toEqual([
      `Proposal ${id}: Document "d" changed since this proposal was written: its content_hash is ${ctx.kdb.db
        .prepare("SELECT content_hash FROM documents WHERE doc_id = 'd'")
        .pluck()
        .get()}, the proposal was based on stale.`,
    ]);
  });

  it("names unresolved conflicts of its members", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("rule")] });
    const id = propose(ctx, "new_doc", newDoc("rule-2"));
    openConflicts(ctx.kdb.db, id, ["rule"], ctx.clock, ctx.ids);
    expect(preflightProposalBundle(writeContext(ctx), { bundle_id: "bnd_1" }).problems).toEqual([
      expect.stringMatching(
        new RegExp(`^proposal ${id} has an unresolved conflict \\(cfl_\\d+\\) with standing rule "rule"`),
      ),
    ]);
  });

  it("reports new documents that depend on each other as a cycle no order can apply", () => {
    const ctx = project.context();
    const a = propose(ctx, "new_doc", newDoc("a", { depends_on: ["b"] }));
    const b = propose(ctx, "new_doc", newDoc("b", { depends_on: ["a"] }));
    expect(preflightProposalBundle(writeContext(ctx), { bundle_id: "bnd_1" }).problems).toEqual([
      "the bundle would create the dependency cycle a → b → a",
      `${a}, ${b} wait on each other's documents, so no order can apply them`,
    ]);
  });

  it("refuses an unknown bundle id", () => {
    const ctx = project.context();
    expect(() => preflightProposalBundle(writeContext(ctx), { bundle_id: "bnd_x" })).toThrow(
      'No proposals carry bundle_id "bnd_x".',
    );
  });
});

describe("approve_proposal_bundle", () => {
  it("lands the whole bundle as one version and one snapshot, exactly as preflight predicted", () => {
    const ctx = project.context();
    outOfOrderBundle(ctx);
    const preflight = preflightProposalBundle(writeContext(ctx), { bundle_id: "bnd_1" });
    const result = approveProposalBundle(writeContext(ctx), { bundle_id: "bnd_1" });
    expect({ knowledge_version_after: result.knowledge_version, ...result.changes }).toEqual(
      preflight.outcome,
    );
    expect(result).toMatchObject({
      approved: preflight.order.map((o) => o.proposal_id),
      applied_version: 2,
      snapshot_id: "snap_v2",
    });
    expect(rowCounts(ctx)).toEqual({ documents: 3, edges: 4, snapshots: 2, pending: 0 });
    expect(listProposals(ctx.kdb.db, "approved").map((p) => p.applied_version)).toEqual([2, 2, 2, 2]);
  });

  it("rolls back everything when a member fails while applying", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("d")] });
    propose(
      ctx,
      "new_doc",
      newDoc("fresh", { edge_hints: [{ edge_type: "path_requires", source_value: "src/**" }] }),
    );
    propose(ctx, "update_doc", { doc_id: "d", content: "new", base_content_hash: "stale" });
    const before = rowCounts(ctx);
    expect(() => approveProposalBundle(writeContext(ctx), { bundle_id: "bnd_1" })).toThrow(
      /Bundle bnd_1 was refused/,
    );
    expect(rowCounts(ctx)).toEqual(before);
    expect(readVersion(ctx.kdb.db)).toBe(1);
  });

  it("is refused on the agent surface", () => {
    const ctx = project.context();
    outOfOrderBundle(ctx);
    expect(() =>
      approveProposalBundle(writeContext(project.context("agent")), { bundle_id: "bnd_1" }),
    ).toThrow(/approve_proposal_bundle is refused on the agent surface/);
  });
});
