// maintenance: a gap-coverage preview of what process_observations would keep or drop, and optionally the
// re-queueing of observations that were analyzed long ago but never became (or joined) a proposal.
import { type Db, UserError } from "@archon/core";
import {
  countObservations,
  setObservationStatus,
  staleUncitedObservations,
} from "../../store/observations.js";
import { getProposal } from "../../store/proposals.js";
import type { ObservationEvent, ProposalType } from "../../vocabulary/lifecycle.js";
import { assertAdminSurface } from "../surface.js";
import type { ObservationsContext } from "./observations-context.js";
import { analyzeNewObservations, MAX_LIMIT, type Outcome } from "./process-observations.js";

export interface PreviewItem {
  observation_id: string;
  event_type: ObservationEvent;
  /** keep: it would become a proposal; drop: it would be marked analyzed with nothing proposed. */
  verdict: "keep" | "drop" | "error";
  proposal_type?: ProposalType;
  reason: string;
}

export interface MaintenanceResult {
  reclaimed: string[];
  preview: PreviewItem[];
  totals: { keep: number; drop: number; error: number };
  /** New observations beyond the preview's limit. */
  not_previewed: number;
}

const DAY_MS = 86_400_000;

class Rollback {
  constructor(readonly items: PreviewItem[]) {}
}

/** What a would-be proposal changes, in one line: `add_edge path_requires src/api/** → api-constraint`. */
function describeChange(db: Db, o: Extract<Outcome, { kind: "proposed" }>): string {
  const p = getProposal(db, o.proposal_id)?.payload ?? {};
  switch (o.proposal_type) {
    case "add_edge":
      return `add_edge ${p.edge_type} ${p.source_value} → ${p.target_doc_id}`;
    case "new_doc":
      return `new_doc ${p.doc_id}${p.origin === "standing" ? " (standing rule)" : ""}: "${p.title}"`;
    default:
      return `${o.proposal_type} ${p.doc_id ?? p.edge_id}`;
  }
}

/**
 * Runs the real analysis inside a transaction and rolls it back, so the preview and process_observations
 * cannot disagree. Throwaway ids keep the preview from using up the context's id sequence.
 */
function preview(ctx: ObservationsContext): PreviewItem[] {
  let n = 0;
  const ids = { next: (prefix: string) => `${prefix}_preview_${++n}` };
  try {
    ctx.db.transaction(() => {
      const outcomes = analyzeNewObservations(ctx.db, ctx.index(), ctx.clock, ids, MAX_LIMIT, ctx.channel);
      throw new Rollback(
        outcomes.map((o): PreviewItem => {
          const { observation_id, event_type } = o;
          if (o.kind === "proposed") {
            const reason = describeChange(ctx.db, o);
            return { observation_id, event_type, verdict: "keep", proposal_type: o.proposal_type, reason };
          }
          if (o.kind === "skipped") return { observation_id, event_type, verdict: "drop", reason: o.reason };
          return { observation_id, event_type, verdict: "error", reason: o.message };
        }),
      );
    })();
  } catch (error) {
    if (error instanceof Rollback) return error.items;
    throw error;
  }
  return [];
}

/** Re-queues analyzed observations older than the cutoff that no proposal cites; returns their ids. */
function reclaim(ctx: ObservationsContext, staleAfterDays: number): string[] {
  assertAdminSurface(ctx.surface, "maintenance with reclaim_observations");
  const cutoff = new Date(ctx.clock.now().getTime() - staleAfterDays * DAY_MS).toISOString();
  return ctx.db
    .transaction(() => {
      const ids = staleUncitedObservations(ctx.db, cutoff);
      setObservationStatus(ctx.db, ids, "new", ctx.clock.now());
      return ids;
    })
    .immediate();
}

export function maintenance(
  ctx: ObservationsContext,
  input: { reclaim_observations?: boolean; stale_after_days?: number } = {},
): MaintenanceResult {
  const days = input.stale_after_days ?? 1;
  if (!Number.isFinite(days) || days < 0) {
    throw new UserError(
      `stale_after_days must be a number of days, 0 or more, not ${days}.`,
      undefined,
      "stale_after_days",
    );
  }
  const reclaimed = input.reclaim_observations ? reclaim(ctx, days) : [];
  const items = preview(ctx);
  const count = (verdict: PreviewItem["verdict"]) => items.filter((i) => i.verdict === verdict).length;
  return {
    reclaimed,
    preview: items,
    totals: { keep: count("keep"), drop: count("drop"), error: count("error") },
    not_previewed: countObservations(ctx.db, "new") - items.length,
  };
}
