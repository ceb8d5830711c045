import { describe, expect, it } from "vitest";
import type { SeedDocument } from "../knowledge/seed-file.js";
import { doc } from "../test-support/project.js";
import type { UpgradeCheck, UpgradePlan } from "./check-upgrade.js";
import { draftProposals } from "./upgrade-drafts.js";

/** A plan from 1.0.0 to 1.1.0 whose diff is `diff`, over the new version's `documents`, with `live` approved. */
function planOf(diff: Partial<UpgradeCheck>, documents: SeedDocument[], live: string[]): UpgradePlan {
  const check: UpgradeCheck = {
    template: "demo",
    from_version: "1.0.0",
    to_version: "1.1.0",
    up_to_date: false,
    pending_bundle_ids: [],
    next_step: "",
    documents_added: [],
    documents_changed: [],
    documents_removed: [],
    edges_added: [],
    edges_removed: [],
    layer_rules_added: [],
    layer_rules_removed: [],
    ...diff,
  };
  const manifest = {
    template: "demo",
    template_version: "1.0.0",
    placeholders: {},
    applied_at: "2026-01-01T00:00:00.000Z",
    knowledge_version: 1,
    documents: [],
  };
  return { check, manifest, to: { documents, layer_rules: [] }, live: new Set(live) };
}

const WHY = "Template demo 1.0.0 → 1.1.0";

describe("drafting the proposals of a template upgrade", () => {
  it("gives a new document the edges that reach it and its dependencies, and no separate add_edge for them", () => {
    const plan = planOf(
      {
        documents_added: [{ doc_id: "fresh", title: "Title of fresh", kind: "guideline", state: "new" }],
        edges_added: [
          { edge_type: "path_requires", source_value: "src/**", target_doc_id: "fresh", state: "add" },
          { edge_type: "doc_depends_on", source_value: "fresh", target_doc_id: "base", state: "add" },
          { edge_type: "path_requires", source_value: "lib/**", target_doc_id: "base", state: "add" },
        ],
      },
      [doc("fresh", { content: "Fresh rule.\n", priority: 50 })],
      ["base"],
    );
    expect(draftProposals(plan)).toEqual({
      drafts: [
        {
          subject: "fresh",
          input: {
            proposal_type: "new_doc",
            rationale: `${WHY} adds this document.`,
            payload: {
              doc_id: "fresh",
              title: "Title of fresh",
              kind: "guideline",
              content: "Fresh rule.\n",
              priority: 50,
              edge_hints: [{ edge_type: "path_requires", source_value: "src/**" }],
              depends_on: ["base"],
            },
          },
        },
        {
          subject: "path_requires lib/** → base",
          input: {
            proposal_type: "add_edge",
            rationale: `${WHY} adds this edge.`,
            payload: { edge_type: "path_requires", source_value: "lib/**", target_doc_id: "base" },
          },
        },
      ],
      skipped: [],
    });
  });

  it("skips what is not the template's to change, and says why for each", () => {
    const plan = planOf(
      {
        documents_added: [{ doc_id: "taken", title: "Taken", kind: "guideline", state: "conflict" }],
        documents_changed: [
          {
            doc_id: "edited",
            fields: ["content"],
            user_modified: true,
            state: "user_modified",
            current_content_hash: "h1",
          },
        ],
        documents_removed: [{ doc_id: "kept", user_modified: true, state: "user_modified" }],
        edges_added: [
          { edge_type: "path_requires", source_value: "a/**", target_doc_id: "taken", state: "add" },
          { edge_type: "path_requires", source_value: "b/**", target_doc_id: "nowhere", state: "add" },
        ],
        layer_rules_added: [{ pattern: "src/api/**", layer: "api" }],
      },
      [],
      ["taken"],
    );
    expect(draftProposals(plan)).toEqual({
      drafts: [],
      skipped: [
        { subject: "taken", reason: "a different document with this doc_id already exists" },
        {
          subject: "edited",
          reason: "changed by its users since the template created it; never overwritten",
        },
        { subject: "kept", reason: "dropped by the template but changed by its users; kept" },
        {
          subject: "path_requires a/** → taken",
          reason: "it reaches a document the template does not own",
        },
        { subject: "path_requires b/** → nowhere", reason: "nowhere is not an approved document" },
        { subject: "layer_rules", reason: "layer rules are not proposals; apply them with a seed file" },
      ],
    });
  });

  it("updates only the changed fields, and leaves the edges of a deprecated document to its deprecation", () => {
    const plan = planOf(
      {
        documents_changed: [
          {
            doc_id: "moved",
            fields: ["content"],
            user_modified: false,
            state: "update",
            current_content_hash: "h0",
          },
        ],
        documents_removed: [{ doc_id: "gone", user_modified: false, state: "deprecate" }],
        edges_removed: [
          {
            edge_type: "path_requires",
            source_value: "x/**",
            target_doc_id: "gone",
            edge_id: 7,
            state: "remove",
          },
          {
            edge_type: "path_requires",
            source_value: "y/**",
            target_doc_id: "moved",
            edge_id: 8,
            state: "remove",
          },
        ],
      },
      [doc("moved", { content: "New text.\n" })],
      ["moved", "gone"],
    );
    expect(draftProposals(plan).drafts).toEqual([
      {
        subject: "moved",
        input: {
          proposal_type: "update_doc",
          rationale: `${WHY} changes content.`,
          payload: { doc_id: "moved", content: "New text.\n", base_content_hash: "h0" },
        },
      },
      {
        subject: "gone",
        input: {
          proposal_type: "deprecate_doc",
          rationale: `${WHY} drops this document.`,
          payload: { doc_id: "gone", reason: `${WHY} no longer ships it.` },
        },
      },
      {
        subject: "edge 8 (path_requires y/** → moved)",
        input: {
          proposal_type: "remove_edge",
          rationale: `${WHY} drops this edge.`,
          payload: { edge_id: 8 },
        },
      },
    ]);
  });
});
