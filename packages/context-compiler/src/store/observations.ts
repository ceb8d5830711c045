// Observations: what agents and hooks report. They never touch canonical knowledge themselves.
import { type Clock, canonicalJson, type Db, type IdGenerator } from "@archon/core";
import type { ObservationEvent } from "../vocabulary/lifecycle.js";

export interface Observation {
  observation_id: string;
  event_type: ObservationEvent;
  payload: Record<string, unknown>;
  agent_id: string | null;
  created_at: string;
  status: "new" | "analyzed" | "archived";
  analyzed_at: string | null;
}

export function recordObservation(
  db: Db,
  input: { event_type: ObservationEvent; payload: Record<string, unknown>; agent_id?: string },
  clock: Clock,
  ids: IdGenerator,
): Observation {
  const observation_id = ids.next("obs");
  db.prepare(
    `INSERT INTO observations (observation_id, event_type, payload, agent_id, created_at, status)
     VALUES (?, ?, ?, ?, ?, 'new')`,
  ).run(
    observation_id,
    input.event_type,
    canonicalJson(input.payload),
    input.agent_id ?? null,
    clock.now().toISOString(),
  );
  return getObservation(db, observation_id) as Observation;
}

const fromRow = (row: Record<string, unknown>): Observation => ({
  ...(row as unknown as Observation),
  payload: JSON.parse(row.payload as string) as Record<string, unknown>,
});

export function getObservation(db: Db, observationId: string): Observation | undefined {
  const row = db.prepare("SELECT * FROM observations WHERE observation_id = ?").get(observationId) as
    | Record<string, unknown>
    | undefined;
  return row ? fromRow(row) : undefined;
}

export function listObservations(
  db: Db,
  filter: { status?: Observation["status"]; event_type?: ObservationEvent; limit?: number } = {},
): Observation[] {
  const rows = db
    .prepare(
      `SELECT * FROM observations WHERE (@status IS NULL OR status = @status)
         AND (@event_type IS NULL OR event_type = @event_type)
       ORDER BY created_at, observation_id LIMIT @limit`,
    )
    .all({
      status: filter.status ?? null,
      event_type: filter.event_type ?? null,
      limit: filter.limit ?? 100,
    }) as Record<string, unknown>[];
  return rows.map(fromRow);
}

export function setObservationStatus(
  db: Db,
  ids: readonly string[],
  status: Observation["status"],
  at: Date,
): number {
  // Back to 'new' clears the stamp, so the next analysis records its own time; otherwise the first one stays.
  const update = db.prepare(
    `UPDATE observations SET status = @status,
       analyzed_at = CASE WHEN @status = 'new' THEN NULL ELSE COALESCE(analyzed_at, @at) END
     WHERE observation_id = @id`,
  );
  let changed = 0;
  for (const id of ids) changed += update.run({ status, at: at.toISOString(), id }).changes;
  return changed;
}

/** How many observations hold `status`. */
export const countObservations = (db: Db, status: Observation["status"]): number =>
  db.prepare("SELECT COUNT(*) FROM observations WHERE status = ?").pluck().get(status) as number;

/** Observations analyzed before `cutoff` (an ISO time) that no proposal cites, oldest first. */
export const staleUncitedObservations = (db: Db, cutoff: string): string[] =>
  db
    .prepare(
      `SELECT observation_id FROM observations o WHERE status = 'analyzed' AND analyzed_at < ?
         AND NOT EXISTS (SELECT 1 FROM proposal_evidence e WHERE e.observation_id = o.observation_id)
       ORDER BY created_at, observation_id`,
    )
    .pluck()
    .all(cutoff) as string[];
