// list_observations: observations by status and event, oldest first, with the proposals citing each.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { listObservationsWithEvidence } from "../../knowledge/observations/observation-triage.js";
import { OBSERVATION_EVENTS } from "../../vocabulary/lifecycle.js";
import { observationShape } from "../result-schemas/knowledge-rows.js";

export const listObservationsTool = defineTool({
  name: "list_observations",
  title: "List observations",
  description: (t) =>
    `Observations oldest first, filtered by status (new, analyzed, archived) and event_type, each with its payload and cited_by (proposals citing it). Use it to triage: ${t("process_observations")} analyzes new ones, ${t("archive_observations")} marks triaged ones.`,
  input: {
    status: z.enum(["new", "analyzed", "archived"]).optional(),
    event_type: z.enum(OBSERVATION_EVENTS).optional(),
    limit: z.number().int().min(1).max(1000).optional().describe("Default 100"),
  },
  output: {
    observations: z.array(z.object({ ...observationShape, cited_by: z.array(z.string()) })),
    count: z.number().int(),
  },
  annotations: readOnly,
  run: (args, ctx: ArchonContext) => listObservationsWithEvidence({ db: ctx.kdb.db }, args),
});
