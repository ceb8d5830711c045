// Triage helpers: list observations with the proposals citing them, and archive ones a person has triaged.
import { UserError } from "@archon/core";
import {
  getObservation,
  listObservations,
  type Observation,
  setObservationStatus,
} from "../../store/observations.js";
import { proposalsCiting } from "../../store/proposals.js";
import type { ObservationEvent } from "../../vocabulary/lifecycle.js";
import { step } from "../next-step.js";
import { assertAdminSurface } from "../surface.js";
import type { WriteContext } from "../write-context.js";

export interface ListedObservation extends Observation {
  /** Proposals citing this observation as evidence, whatever their status. */
  cited_by: string[];
}

export function listObservationsWithEvidence(
  ctx: Pick<WriteContext, "db">,
  filter: { status?: Observation["status"]; event_type?: ObservationEvent; limit?: number },
): { observations: ListedObservation[]; count: number } {
  const observations = listObservations(ctx.db, filter).map((o) => ({
    ...o,
    cited_by: proposalsCiting(ctx.db, o.observation_id),
  }));
  return { observations, count: observations.length };
}

export interface ArchiveResult {
  archived: string[];
  already_archived: string[];
}

/**
 * Archiving means "triaged", not "resolved": it is allowed even when a proposal cites the observation, and
 * it never touches proposals. Unknown ids refuse the whole call, so a typo cannot archive half a list.
 */
export function archiveObservations(ctx: WriteContext, observationIds: readonly string[]): ArchiveResult {
  assertAdminSurface(ctx.surface, "archive_observations");
  const ids = [...new Set(observationIds)].sort();
  if (ids.length === 0)
    throw new UserError("observation_ids is empty.", "Name at least one observation_id.", "observation_ids");
  return ctx.db
    .transaction(() => {
      const statuses = ids.map((id) => ({ id, status: getObservation(ctx.db, id)?.status }));
      const unknown = statuses.filter((s) => s.status === undefined).map((s) => s.id);
      if (unknown.length > 0) {
        throw new UserError(
          `No observation ${unknown.map((id) => `"${id}"`).join(", ")}; nothing was archived.`,
          `List observation ids with ${step(ctx.channel, "list_observations")}.`,
          "observation_ids",
        );
      }
      const already_archived = statuses.filter((s) => s.status === "archived").map((s) => s.id);
      const archived = statuses.filter((s) => s.status !== "archived").map((s) => s.id);
      setObservationStatus(ctx.db, archived, "archived", ctx.clock.now());
      return { archived, already_archived };
    })
    .immediate();
}
