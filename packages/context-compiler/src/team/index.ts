// The team path's one entry for the commands: the team server (`archon serve --http`, tokens, team-wide
// eval) and a replica's `archon sync`. The hooks a replica runs come in through ./hooks.ts instead, so
// that a hook never loads the server's HTTP app and the MCP SDK behind it.

export { openTeamRepository } from "../store/team/open-team-repository.js";
export { listShippedAudit } from "../store/team/shipped-audit.js";
export type { TeamTokenStore } from "../store/team/team-repository.js";
export { syncReplica } from "./replica/sync-replica.js";
export { type TeamAppOptions, teamApp } from "./server/http-app.js";
export { replicatedSyncBackend } from "./server/replicated-sync.js";
export { evaluateTeam, type TeamEvalReport } from "./server/team-eval.js";
export { createToken, localTokenStore, parseScope, revoke } from "./server/tokens.js";
export { openWorkingCopy } from "./server/working-copy.js";
