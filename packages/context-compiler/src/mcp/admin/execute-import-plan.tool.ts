// execute_import_plan: a reviewed import plan becomes one bundle of pending new_doc proposals.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { executeImportPlan } from "../../knowledge/imports/execute-import-plan.js";
import { DOC_KINDS, EDGE_TYPES } from "../../vocabulary/knowledge-model.js";
import { LIMITS, list, text } from "../input-limits.js";

// Unknown keys (bytes, flags, kind_reason from the analyze output) are accepted and dropped.
const item = z.object({
  doc_id: text(LIMITS.id).min(1),
  title: text(LIMITS.title).min(1),
  kind: z.enum(DOC_KINDS).optional().describe("Default guideline"),
  content: text(LIMITS.content),
  source_path: text(LIMITS.path).min(1).nullable().optional().describe("File and anchor the unit came from"),
  priority: z.number().int().optional().describe("Lower comes first; default 100"),
  description: text(LIMITS.description)
    .min(1)
    .optional()
    .describe("What a plan is matched against, for a rule applied when relevant"),
  edge_hints: list(
    z.object({ edge_type: z.enum(EDGE_TYPES), source_value: text(LIMITS.path).min(1) }),
    LIMITS.edges,
  )
    .optional()
    .describe("Edges that reach this document once it is approved"),
  depends_on: list(text(LIMITS.id).min(1), LIMITS.edges)
    .optional()
    .describe("doc_ids (in the plan or existing) it pulls in"),
  tags: list(text(LIMITS.tag).min(1), LIMITS.tags).optional(),
});

export const executeImportPlanTool = defineTool({
  name: "execute_import_plan",
  title: "Propose a reviewed import plan",
  description: (t) =>
    `Turns a reviewed plan (the items of ${t("analyze_doc")} / ${t("analyze_import_batch")}, possibly edited) into pending new_doc proposals sharing one new bundle_id, each carrying its edge_hints so approving the document brings its edges. Atomic: a doc_id that already exists, is already proposed, or appears twice in the plan refuses the whole call and every collision is named. Nothing becomes canonical here: next, call ${t("preflight_proposal_bundle")} with the bundle_id, then a person approves it with ${t("approve_proposal_bundle")}.`,
  input: { items: list(item, LIMITS.importItems).min(1).describe("The reviewed plan items") },
  output: {
    bundle_id: z.string(),
    proposals: z.array(z.object({ proposal_id: z.string(), doc_id: z.string() })),
    next_step: z.string(),
  },
  annotations: additiveWrite,
  run: ({ items }, ctx: ArchonContext) => executeImportPlan({ ...writeContext(ctx), ids: ctx.ids }, items),
});
