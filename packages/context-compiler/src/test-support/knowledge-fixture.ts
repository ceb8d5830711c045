// A small knowledge base with every edge type, a layer rule and a backlog, for the graph page and web UI tests.

import type { ArchonContext } from "../context/archon-context.js";
import { recordObservation } from "../store/observations.js";
import { createProposal } from "../store/proposals.js";
import { doc, seed, type TestProject } from "./project.js";

export interface KnowledgeFixture {
  /** A pending new_doc proposal citing `observationId`. */
  newDocProposal: string;
  /** A pending update_doc proposal that rewrites `api-errors`. */
  updateProposal: string;
  observationId: string;
}

/**
 * Documents reached by path (api-errors, users-handler), layer (api-layer), command (scaffold-template)
 * and dependency (base-style, which users-handler depends on); src/api/** classifies as layer "api".
 */
export function seedKnowledge(project: TestProject): KnowledgeFixture {
  project.write("src/api/users.ts", "export const users = [];\n");
  project.write("src/api/orders.ts", "export const orders = [];\n");
  project.write("src/web/page.ts", "export const page = 1;\n");
  project.write("README.md", "# demo\n");
  const ctx = project.context();
  seed(ctx, {
    documents: [
      doc("api-errors", {
        title: "API errors",
        content: "Return problem+json.\nLog the cause.\n",
        patterns: ["src/api/**"],
      }),
      doc("users-handler", {
        title: "Users handler",
        patterns: ["src/api/users.ts"],
        depends_on: ["base-style"],
      }),
      doc("base-style", { title: "Base style", kind: "constraint" }),
      doc("api-layer", { title: "API layer", layers: ["api"] }),
      doc("scaffold-template", { title: "Scaffold", kind: "template", commands: ["scaffold"] }),
    ],
    layer_rules: [{ pattern: "src/api/**", layer: "api" }],
  });
  return seedBacklog(ctx);
}

/** The backlog: one observation, a new_doc proposal citing it, and an update_doc proposal. */
function seedBacklog(ctx: ArchonContext): KnowledgeFixture {
  const observation = recordObservation(
    ctx.kdb.db,
    { event_type: "manual_note", payload: { note: "orders need a rule" } },
    ctx.clock,
    ctx.ids,
  );
  const newDoc = createProposal(
    ctx.kdb.db,
    {
      proposal_type: "new_doc",
      payload: {
        doc_id: "orders-rule",
        title: "Orders rule",
        content: "Orders are immutable.\n",
        edge_hints: [{ edge_type: "path_requires", source_value: "src/api/orders.ts" }],
      },
      source: "manual_note",
      evidence_observation_ids: [observation.observation_id],
    },
    ctx.clock,
    ctx.ids,
  );
  const update = createProposal(
    ctx.kdb.db,
    {
      proposal_type: "update_doc",
      payload: { doc_id: "api-errors", content: "Return problem+json.\nNever leak a stack trace.\n" },
      source: "manual_note",
    },
    ctx.clock,
    ctx.ids,
  );
  return {
    newDocProposal: newDoc.proposal_id,
    updateProposal: update.proposal_id,
    observationId: observation.observation_id,
  };
}
