// What every archon tool handler receives.
import type { Clock, IdGenerator } from "@archon/core";
import type { InitSessions } from "../init/init-sessions.js";
import type { Channel } from "../knowledge/next-step.js";
import type { Surface } from "../knowledge/surface.js";
import type { WriteContext } from "../knowledge/write-context.js";
import type { CompileService } from "../services/compile-service.js";
import type { KnowledgeDb } from "../store/knowledge-db.js";

export interface ArchonContext {
  surface: Surface;
  channel: Channel;
  projectRoot: string;
  kdb: KnowledgeDb;
  clock: Clock;
  ids: IdGenerator;
  compiler: CompileService;
  /** Template previews this server produced (init_detect), so init_confirm can refuse stale hashes. */
  init: InitSessions;
  /** Flushes queued audit rows and closes the database. */
  close(): void;
}

export const writeContext = (ctx: ArchonContext): WriteContext => ({
  surface: ctx.surface,
  channel: ctx.channel,
  db: ctx.kdb.db,
  projectRoot: ctx.projectRoot,
  clock: ctx.clock,
});
