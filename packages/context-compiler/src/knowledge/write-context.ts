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
}
