// The SessionStart hook on a replica: sync within the hook's time, and turn any failure into the
// offline notice, so a session always starts (the hook is fail-open; this never throws).
import { describeError } from "@archon/core";
import { replicaNotices } from "../../services/notices.js";
import { type SyncContext, syncReplica } from "./sync-replica.js";

/** What the agent's context is told: one line when the version moved or sync failed, else nothing. */
export async function syncForHook(
  ctx: SyncContext,
  env: NodeJS.ProcessEnv,
  budgetMs: number,
): Promise<string> {
  try {
    const report = await syncReplica(ctx, { env, budgetMs });
    return report.to_version === report.from_version
      ? ""
      : `archon: synced knowledge_version ${report.from_version} → ${report.to_version} from ${report.server}.`;
  } catch (error) {
    const notices = replicaNotices(ctx.db);
    return notices.length > 0 ? notices.join("\n") : `archon sync: ${describeError(error)}`;
  }
}
