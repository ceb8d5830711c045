// process_observations: turn new observations into pending proposals for a person to approve or reject.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  processObservations,
} from "../../knowledge/observations/process-observations.js";
import { PROPOSAL_TYPES } from "../../vocabulary/lifecycle.js";
import { observationsContext } from "../agent/observe.tool.js";

export const processObservationsTool = defineTool({
  name: "process_observations",
  title: "Analyze new observations",
  description: (t) =>
    `Runs every analyzer over new observations, oldest first: compile_miss with a target document → add_edge (path_requires on the target files' common folder), review_correction → update_doc, manual_note → standing-rule new_doc, document_import with title and content → new_doc; the rest are skipped with a reason. Each observation is marked analyzed; proposals cite it as evidence and an identical pending proposal is cited instead of duplicated. Returns { proposed, skipped, errors, remaining }. Nothing is applied: review with ${t("list_proposals")}, then ${t("approve_proposal")} or ${t("reject_proposal")}. Preview first with ${t("maintenance")}.`,
  input: {
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_LIMIT)
      .optional()
      .describe(`Observations to analyze; default ${DEFAULT_LIMIT}`),
  },
  output: {
    proposed: z.array(
      z.object({
        observation_id: z.string(),
        proposal_id: z.string(),
        proposal_type: z.enum(PROPOSAL_TYPES),
      }),
    ),
    skipped: z.array(z.object({ observation_id: z.string(), reason: z.string() })),
    errors: z.array(z.object({ observation_id: z.string(), message: z.string() })),
    remaining: z.number().int(),
  },
  annotations: additiveWrite,
  run: ({ limit }, ctx: ArchonContext) => processObservations(observationsContext(ctx), { limit }),
});
