// archive_observations: mark observations as triaged so they leave the backlog.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { archiveObservations } from "../../knowledge/observations/observation-triage.js";
import { LIMITS, list, text } from "../input-limits.js";

export const archiveObservationsTool = defineTool({
  name: "archive_observations",
  title: "Archive observations",
  description:
    "Marks observations archived: triaged, not resolved. Allowed even when a proposal cites the observation; proposals are untouched. An unknown id refuses the whole call. Returns { archived, already_archived }.",
  input: { observation_ids: list(text(LIMITS.id).min(1), LIMITS.ids).min(1) },
  output: { archived: z.array(z.string()), already_archived: z.array(z.string()) },
  annotations: { ...additiveWrite, idempotentHint: true },
  run: ({ observation_ids }, ctx: ArchonContext) => archiveObservations(writeContext(ctx), observation_ids),
});
