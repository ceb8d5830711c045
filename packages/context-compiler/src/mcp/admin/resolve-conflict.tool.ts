// resolve_conflict: persist the person's answer to a conflict between a proposal and an existing rule.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { resolveConflict } from "../../knowledge/standing-rules/resolve-conflict.js";
import { CONFLICT_RESOLUTIONS } from "../../vocabulary/lifecycle.js";
import { LIMITS, text } from "../input-limits.js";

export const resolveConflictTool = defineTool({
  name: "resolve_conflict",
  title: "Resolve a rule conflict",
  description: (t) =>
    `Stores the person's answer to a conflict_candidates hit: keep_both (both rules stay), supersede (the existing rule is deprecated when the proposal is approved) or cancel (the proposal is cancelled now). Ask the person; then ${t("approve_proposal")} for keep_both or supersede.`,
  input: {
    proposal_id: text(LIMITS.id).min(1),
    existing_doc_id: text(LIMITS.id).min(1),
    resolution: z.enum(CONFLICT_RESOLUTIONS),
  },
  output: {
    conflict_id: z.string(),
    proposal_id: z.string(),
    existing_doc_id: z.string(),
    resolution: z.enum(CONFLICT_RESOLUTIONS).nullable(),
    created_at: z.string(),
    resolved_at: z.string().nullable(),
    proposal_status: z.enum(["cancelled", "pending"]),
  },
  annotations: { ...additiveWrite, idempotentHint: true },
  run: (args, ctx: ArchonContext) => resolveConflict({ ...writeContext(ctx), ids: ctx.ids }, args),
});
