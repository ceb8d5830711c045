// What every write service needs: who is asking, the database, the project root and the clock.
import type { Clock, Db } from "@archon/core";
import type { Channel } from "./next-step.js";
import type { Surface } from "./surface.js";

export interface WriteContext {
  surface: Surface;
  /** Where hints are read: they name CLI commands at a terminal and prefixed tools over MCP. */
  channel: Channel;
  db: Db;
  projectRoot: string;
  clock: Clock;
  /** The person making the change, when the server knows one (a team server's token holder). */
  actor?: string;
  /**
   * The project's committed rule files (.archon/rules/) are its knowledge's source: a change writes them,
   * a commit is absorbed from them. Set for the project's own database; off for another database file
   * (a team server's, a test's) and for a replica, whose knowledge comes from its server.
   */
  ruleFiles?: boolean;
}
