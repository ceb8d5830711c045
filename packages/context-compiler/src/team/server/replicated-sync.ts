// /sync/* on a shared store: versions read from the working database once it has caught up with the
// log, pushed observations as calls of the log, and shipped audit records straight into the store's own
// table (they are no knowledge, so no instance replays them). An observation's push is the direct mode's own (the
// observation and its idempotency key in one transaction), so every instance that replays it holds the
// key too; the log's unique key is what stops two instances from both applying a retried push.
import type { ArchonContext } from "../../context/archon-context.js";
import { pushedObservation } from "../../store/team/replica.js";
import type { LoggedWrite, ReplicatedKnowledge } from "./replicated-knowledge.js";
import {
  directSyncBackend,
  type ObserveArgs,
  type PushResult,
  type SyncBackend,
  shippedRows,
} from "./sync-backend.js";
import { readSyncVersions } from "./sync-versions.js";

interface PushArgs {
  actor: string;
  idempotency_key: string;
  observation: ObserveArgs;
}

/** The log's write for a pushed observation. */
export const pushObservationWrite: LoggedWrite = {
  name: "push_observation",
  run: (args: PushArgs, ctx: ArchonContext) =>
    directSyncBackend(ctx).pushObservation(args.actor, args.idempotency_key, args.observation),
};

export function replicatedSyncBackend(knowledge: ReplicatedKnowledge): SyncBackend {
  return {
    versionsAfter: (after, limit) =>
      knowledge.exclusive(async () => readSyncVersions(knowledge.db, after, limit)),
    pushObservation: (actor, idempotencyKey, observation) =>
      knowledge.exclusive(async (): Promise<PushResult> => {
        const args: PushArgs = { actor, idempotency_key: idempotencyKey, observation };
        const outcome = await knowledge.write(
          pushObservationWrite.name,
          args,
          { actor, surface: "agent" },
          idempotencyKey,
        );
        if (outcome.status === "applied") return outcome.result as PushResult;
        // Caught up to the log, which holds the first push of this key: its row is here.
        const seen = pushedObservation(knowledge.db, idempotencyKey);
        return {
          idempotency_key: idempotencyKey,
          status: "duplicate",
          observation_id: seen?.observation_id ?? null,
        };
      }),
    pushAudit: (actor, records) =>
      knowledge.repo.audit.insert(shippedRows(actor, knowledge.ctx.clock.now().toISOString(), records)),
  };
}
