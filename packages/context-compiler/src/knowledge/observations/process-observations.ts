// process_observations: runs the analyzers over new observations, oldest first, and stores their proposals.
import { type Clock, type Db, describeError, type IdGenerator } from "@archon/core";
import type { KnowledgeIndex } from "../../read/knowledge-index.js";
import { countObservations, listObservations, setObservationStatus } from "../../store/observations.js";
import type { ObservationEvent, ProposalType } from "../../vocabulary/lifecycle.js";
import type { Channel } from "../next-step.js";
import { assertAdminSurface } from "../surface.js";
import { analyzeObservation, isSkip } from "./analyzers/index.js";
import type { ObservationsContext } from "./observations-context.js";
import { proposeOrCite } from "./propose-or-cite.js";

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export type Outcome = { observation_id: string; event_type: ObservationEvent } & (
  | { kind: "proposed"; proposal_id: string; proposal_type: ProposalType }
  | { kind: "skipped"; reason: string }
  | { kind: "error"; message: string }
);

export interface ProcessResult {
  proposed: { observation_id: string; proposal_id: string; proposal_type: ProposalType }[];
  skipped: { observation_id: string; reason: string }[];
  errors: { observation_id: string; message: string }[];
  /** New observations left for a later run (beyond the limit, or failed). */
  remaining: number;
}

/**
 * Analyzes up to `limit` new observations, each in its own transaction: its proposal (or the citation on an
 * identical pending one) and its 'analyzed' mark land together. A failure rolls back that observation only;
 * it stays 'new' and the run moves on. Maintenance runs this inside a transaction it rolls back, as a preview.
 */
export function analyzeNewObservations(
  db: Db,
  index: KnowledgeIndex,
  clock: Clock,
  ids: IdGenerator,
  limit: number,
  channel: Channel,
): Outcome[] {
  const outcomes: Outcome[] = [];
  for (const observation of listObservations(db, { status: "new", limit })) {
    const { observation_id, event_type } = observation;
    try {
      const outcome = db
        .transaction((): Outcome => {
          const result = analyzeObservation(observation, db, index, channel);
          setObservationStatus(db, [observation_id], "analyzed", clock.now());
          if (isSkip(result)) return { observation_id, event_type, kind: "skipped", reason: result.skip };
          const stored = proposeOrCite(db, result, observation_id, clock, ids);
          if (stored.duplicate) {
            const reason = `same change as pending proposal ${stored.proposal_id}; this observation was added to its evidence`;
            return { observation_id, event_type, kind: "skipped", reason };
          }
          const proposal_type = result.proposal_type;
          return {
            observation_id,
            event_type,
            kind: "proposed",
            proposal_id: stored.proposal_id,
            proposal_type,
          };
        })
        .immediate();
      outcomes.push(outcome);
    } catch (error) {
      outcomes.push({ observation_id, event_type, kind: "error", message: describeError(error) });
    }
  }
  return outcomes;
}

export function processObservations(ctx: ObservationsContext, input: { limit?: number } = {}): ProcessResult {
  assertAdminSurface(ctx.surface, "process_observations");
  const outcomes = analyzeNewObservations(
    ctx.db,
    ctx.index(),
    ctx.clock,
    ctx.ids,
    input.limit ?? DEFAULT_LIMIT,
    ctx.channel,
  );
  const result: ProcessResult = {
    proposed: [],
    skipped: [],
    errors: [],
    remaining: countObservations(ctx.db, "new"),
  };
  for (const o of outcomes) {
    if (o.kind === "proposed") {
      result.proposed.push({
        observation_id: o.observation_id,
        proposal_id: o.proposal_id,
        proposal_type: o.proposal_type,
      });
    } else if (o.kind === "skipped")
      result.skipped.push({ observation_id: o.observation_id, reason: o.reason });
    else result.errors.push({ observation_id: o.observation_id, message: o.message });
  }
  return result;
}
