// The team path's entry for the hooks: what a replica's session-start and prompt hooks run. Apart from
// ./index.ts because a hook must start fast and never load the team server (cli/serve-imports.test.ts).
export { replicaServer } from "../store/team/replica.js";
export { injectOnReplica } from "./replica/replica-prompt-hook.js";
export { syncForHook } from "./replica/sync-hook.js";
