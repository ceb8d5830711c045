// The compile notice of a replica whose last sync could not reach its server: compiles keep answering
// from the last version synced, and the agent is told so (a notice: never in the result or the audit).
import type { Db } from "@archon/core";
import { countUnpushed, readReplicaState } from "../store/replica.js";
import { readVersion } from "../store/version.js";

export function replicaNotices(db: Db): string[] {
  const state = readReplicaState(db);
  if (state.server === null || state.offline_since === null) return [];
  const waiting = countUnpushed(db);
  return [
    `This replica of ${state.server} is offline since ${state.offline_since} (${state.offline_reason ?? "no answer"}): compiles use knowledge_version ${readVersion(db)}, the last one synced${waiting > 0 ? `, and ${waiting} observation(s) wait in the outbox` : ""}. Run \`archon sync\` once the server is reachable.`,
  ];
}
