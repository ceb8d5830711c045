// What every write service needs: who is asking, the database, the project root and the clock.
import type { Clock, Db } from "@archon/core";
import type { Surface } from "./surface.js";

export interface WriteContext {
  surface: Surface;
  db: Db;
  projectRoot: string;
  clock: Clock;
}
