// delete_decision: retire a standing rule (a captured decision) directly, as a soft delete.
import { defineTool, destructiveWrite } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { deleteDecision } from "../../knowledge/standing-rules/delete-decision.js";
import { LIMITS, text } from "../input-limits.js";
import { commitShape } from "../result-schemas/knowledge-rows.js";

export const deleteDecisionTool = defineTool({
  name: "delete_decision",
  title: "Delete a captured decision",
  description:
    "Retires one standing rule by doc_id: the document and its edges are deprecated, knowledge_version bumps, a snapshot is written and .archon/rules.md is rendered again. History and snapshots keep it. Refuses documents that are not standing rules (propose deprecate_doc for those).",
  input: { doc_id: text(LIMITS.id).min(1) },
  output: {
    doc_id: z.string(),
    status: z.literal("deprecated"),
    edges_deprecated: z.array(z.number().int()),
    ...commitShape,
  },
  annotations: destructiveWrite,
  run: (args, ctx: ArchonContext) => deleteDecision(writeContext(ctx), args),
});
