// The team repository's public surface: the interface, the one way to open it, and PGlite for tests.
export {
  openTeamRepository,
  type TeamRepositoryOptions,
  teamRepositoryOnPglite,
} from "./open-team-repository.js";
export type {
  ContentBlob,
  LoggedCall,
  LogWriter,
  TeamAuditStore,
  TeamHead,
  TeamRepository,
  TeamTokenStore,
  VersionRecord,
} from "./team-repository.js";
