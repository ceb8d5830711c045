// maintenance: preview what process_observations would keep or drop; optionally re-queue stale observations.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { maintenance } from "../../knowledge/observations/maintenance.js";
import { OBSERVATION_EVENTS, PROPOSAL_TYPES } from "../../vocabulary/lifecycle.js";
import { observationsContext } from "../agent/observe.tool.js";

export const maintenanceTool = defineTool({
  name: "maintenance",
  title: "Observation gap-coverage preview",
  description: (t) =>
    `Read-only by default: for every new observation, whether ${t("process_observations")} would keep it (and the proposal it would make) or drop it (and why). With reclaim_observations: true it first re-queues observations analyzed more than stale_after_days ago (default 1) that no proposal cites, so they are analyzed again against today's knowledge. Then run ${t("process_observations")} to store the proposals.`,
  input: {
    reclaim_observations: z
      .boolean()
      .optional()
      .describe("Re-queue analyzed-but-never-cited observations first"),
    stale_after_days: z
      .number()
      .min(0)
      .optional()
      .describe("Age of an analysis before it may be reclaimed; default 1"),
  },
  // Read-only unless reclaim_observations is set; reclaiming only changes observation statuses.
  output: {
    reclaimed: z.array(z.string()),
    preview: z.array(
      z.object({
        observation_id: z.string(),
        event_type: z.enum(OBSERVATION_EVENTS),
        verdict: z.enum(["keep", "drop", "error"]),
        proposal_type: z.enum(PROPOSAL_TYPES).optional(),
        reason: z.string(),
      }),
    ),
    totals: z.object({ keep: z.number().int(), drop: z.number().int(), error: z.number().int() }),
    not_previewed: z.number().int(),
  },
  annotations: { ...additiveWrite, idempotentHint: true },
  run: (args, ctx: ArchonContext) => maintenance(observationsContext(ctx), args),
});
