// What the sync routes ask of a server, behind one interface: today's direct mode answers from its own
// SQLite database; a mode that replays a shared log implements the same calls.
import { canonicalJson, UserError } from "@archon/core";
import type { ArchonContext } from "../../context/archon-context.js";
import { observe } from "../../knowledge/observations/observe.js";
import { observationsContext } from "../../mcp/agent/observe.tool.js";
import { pushedObservation, recordPush } from "../../store/team/replica.js";
import {
  insertShippedAudit,
  type PortableAudit,
  type ShippedAuditRow,
} from "../../store/team/shipped-audit.js";
import type { AuditPushAnswer, ObserveArgs, PushResult, SyncVersionsAnswer } from "../sync-wire.js";
import { readSyncVersions } from "./sync-versions.js";

export type { AuditPushAnswer, ObserveArgs, PushResult, SyncVersionsAnswer } from "../sync-wire.js";

export interface SyncBackend {
  /** Up to `limit` versions after `after`, oldest first (see readSyncVersions). */
  versionsAfter(after: number, limit: number): Promise<SyncVersionsAnswer>;
  /** Records the observation unless `idempotencyKey` was applied before, ever; then says which it was. */
  pushObservation(actor: string, idempotencyKey: string, args: ObserveArgs): Promise<PushResult>;
  /** Keeps each shipped audit record under `actor` unless its compile_id is held already. */
  pushAudit(actor: string, records: readonly PortableAudit[]): Promise<AuditPushAnswer>;
}

/** The rows a push of audit records stores: each record as canonical JSON, with who pushed it and when. */
export function shippedRows(actor: string, at: string, records: readonly PortableAudit[]): ShippedAuditRow[] {
  return records.map((record) => ({
    compile_id: record.compile_id,
    person: actor,
    created_at: record.created_at,
    received_at: at,
    record: canonicalJson(record),
  }));
}

export function directSyncBackend(ctx: ArchonContext): SyncBackend {
  return {
    versionsAfter: async (after, limit) => readSyncVersions(ctx.kdb.db, after, limit),
    pushObservation: async (actor, idempotencyKey, args) => {
      const db = ctx.kdb.db;
      const agentCtx = observationsContext({ ...ctx, surface: "agent", actor });
      try {
        // The key and the observation land in one transaction: a retry after a crash finds both or neither.
        return db
          .transaction((): PushResult => {
            const seen = pushedObservation(db, idempotencyKey);
            if (seen)
              return {
                idempotency_key: idempotencyKey,
                status: "duplicate",
                observation_id: seen.observation_id,
              };
            const { observation_id } = observe(agentCtx, args);
            recordPush(db, {
              idempotency_key: idempotencyKey,
              actor,
              observation_id,
              received_at: ctx.clock.now().toISOString(),
            });
            return { idempotency_key: idempotencyKey, status: "applied", observation_id };
          })
          .immediate();
      } catch (error) {
        if (!(error instanceof UserError)) throw error;
        return {
          idempotency_key: idempotencyKey,
          status: "rejected",
          observation_id: null,
          error: error.message,
        };
      }
    },
    pushAudit: async (actor, records) => {
      const db = ctx.kdb.db;
      const rows = shippedRows(actor, ctx.clock.now().toISOString(), records);
      return db.transaction(() => insertShippedAudit(db, rows)).immediate();
    },
  };
}
