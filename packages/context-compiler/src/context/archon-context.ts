// The one place an archon context is composed: what every tool handler, CLI command and test receives.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Clock, type IdGenerator, randomIds, systemClock } from "@archon/core";
import { embeddingConfig } from "../embeddings/ollama-client.js";
import { Suggester } from "../embeddings/suggestions.js";
import { InitSessions } from "../init/init-sessions.js";
import type { Channel } from "../knowledge/next-step.js";
import { RuleFilesWatch } from "../knowledge/rule-files/rule-files-watch.js";
import type { Surface } from "../knowledge/surface.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { RunRecorder, sessionIdFrom } from "../memory/run-recorder.js";
import { CompileService } from "../services/compile-service.js";
import { KnowledgeDb } from "../store/knowledge-db.js";
import { replicaServer } from "../store/team/replica.js";
import { ARCHON_DIR } from "../vocabulary/project-files.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";
import { writeArchonGitignore } from "./archon-gitignore.js";
import { isDefaultDatabase, projectDatabaseRefusal } from "./project-database.js";

export interface ArchonContext {
  surface: Surface;
  channel: Channel;
  projectRoot: string;
  kdb: KnowledgeDb;
  clock: Clock;
  ids: IdGenerator;
  compiler: CompileService;
  /** The person behind this request, when a team server authenticated one (recorded on decisions). */
  actor?: string;
  /** Template previews this server produced (init_detect), so init_confirm can refuse stale hashes. */
  init: InitSessions;
  /** Whether the committed rule files are this database's source (see ruleFilesWatch). */
  ruleFiles: boolean;
  /**
   * Does what opening left for later (a server's choice, deferOpenWork): the committed rule files' first
   * look and the idle warm-up. Idempotent; every tool call runs it first, so nothing answers before it.
   */
  settle(): void;
  /** Flushes queued audit rows and closes the database. */
  close(): void;
}

export const writeContext = (ctx: ArchonContext): WriteContext => ({
  surface: ctx.surface,
  channel: ctx.channel,
  db: ctx.kdb.db,
  projectRoot: ctx.projectRoot,
  clock: ctx.clock,
  ...(ctx.actor ? { actor: ctx.actor } : {}),
  ...(ctx.ruleFiles ? { ruleFiles: true } : {}),
});

/**
 * The project's own database follows the committed rule files: absorbed at open (a fresh clone, a pull
 * while no process ran) and checked before each compile. Another database file (a team server's, a
 * fixture's at its own path) and a replica, whose knowledge comes from its server, do not.
 */
function ruleFilesWatch(
  options: ArchonServerOptions,
  kdb: KnowledgeDb,
  clock: Clock,
  channel: Channel,
): RuleFilesWatch | undefined {
  if (!isDefaultDatabase(options.dbPath, options.projectRoot) || kdb.writeRefusal()) return undefined;
  if (replicaServer(kdb.db) !== undefined) return undefined;
  return new RuleFilesWatch({
    surface: options.surface,
    channel,
    db: kdb.db,
    projectRoot: options.projectRoot,
    clock,
    ruleFiles: true,
  });
}

/**
 * What opening does after the database is open, once: the rule files' first look (written out once for an
 * older database, else absorbed), then the warm-up, which so reads the knowledge the first compile will.
 */
function openWork(ruleFiles: RuleFilesWatch | undefined, compiler: CompileService, warmUp: boolean) {
  let done = false;
  return (): void => {
    if (done) return;
    done = true;
    try {
      const warning = ruleFiles && (ruleFiles.writeFirstFiles() ?? ruleFiles.check());
      if (warning) process.stderr.write(`archon: ${warning}\n`);
    } finally {
      if (warmUp) compiler.warmWhenIdle();
    }
  };
}

export interface ArchonServerOptions {
  surface: Surface;
  dbPath: string;
  projectRoot: string;
  clock?: Clock;
  ids?: IdGenerator;
  env?: NodeJS.ProcessEnv;
  /** Overrides the bundled templates folder used by the init_* tools. */
  templatesDir?: string;
  /** Who reads the hints: MCP clients unless a CLI command opened the context. */
  channel?: Channel["kind"];
  /** Write audit rows in a background thread: the long-running server's choice; off by default. */
  backgroundAudit?: boolean;
  /** Do a fresh server's first-compile work in idle time (services/warm-up.ts): a server's choice too. */
  warmUp?: boolean;
  /**
   * Leave the rule files' first look (git runs; at 10k rules some 50 ms, seconds after a large pull) and
   * the warm-up to settle(): a stdio server answers its tool list first, which needs neither.
   */
  deferOpenWork?: boolean;
  /**
   * Refuse, creating nothing, when the default database's project has no .archon/ yet: every opener but
   * the commands that make a project (setup, seed, import...) and the tests' own fixtures.
   */
  projectMustExist?: boolean;
}

/** Throws UnopenedProjectError (project-database.ts) before anything is created when the database may not be opened. */
function openProjectDatabase(options: ArchonServerOptions): KnowledgeDb {
  const refusal = projectDatabaseRefusal(
    options.dbPath,
    options.projectRoot,
    options.projectMustExist ?? false,
  );
  if (refusal) throw refusal;
  // Opening the default database of a folder with no .archon/ makes it a project: its state stays out of git.
  const makesProject =
    isDefaultDatabase(options.dbPath, options.projectRoot) &&
    !existsSync(join(options.projectRoot, ARCHON_DIR));
  const kdb = new KnowledgeDb(options.dbPath);
  if (makesProject) writeArchonGitignore(options.projectRoot);
  return kdb;
}

/** Opens the project's database (see openProjectDatabase for when it refuses) and the services around it. */
export function createArchonContext(options: ArchonServerOptions): ArchonContext {
  const kdb = openProjectDatabase(options);
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomIds;
  const init = new InitSessions(options.templatesDir);
  const channel: Channel = { kind: options.channel ?? "mcp", prefix: toolPrefix(options.env) };
  const env = options.env ?? process.env;
  // Only a server's compiles make up a run, and only a server may start Ollama and keep it for its
  // lifetime; a CLI compile is a one-off a person asked for.
  const serving = channel.kind === "mcp";
  const run = serving
    ? new RunRecorder(clock, options.surface, sessionIdFrom(options.projectRoot, env))
    : undefined;
  const suggester = new Suggester(() => kdb.db, embeddingConfig(env), env, serving);
  const ruleFiles = ruleFilesWatch(options, kdb, clock, channel);
  const compiler = new CompileService(kdb, options.projectRoot, clock, ids, init.templatesDir, channel, {
    backgroundAudit: options.backgroundAudit ?? false,
    ...(run ? { run } : {}),
    suggester,
    ...(ruleFiles ? { ruleFiles } : {}),
  });
  const settle = openWork(ruleFiles, compiler, options.warmUp ?? false);
  if (!options.deferOpenWork) settle();
  return {
    surface: options.surface,
    channel,
    projectRoot: options.projectRoot,
    kdb,
    clock,
    ids,
    compiler,
    init,
    ruleFiles: ruleFiles !== undefined,
    settle,
    close() {
      suggester.close();
      if (!kdb.db.open) return;
      const lost = compiler.closeAudit();
      if (lost) process.stderr.write(`archon: ${lost}\n`);
      kdb.close();
    },
  };
}
