// A working copy of the team's shared store: an admin context over a SQLite database (a temporary file
// unless one is named) brought up to date by replaying the store's log. The team server serves from one;
// team-wide eval reads the server's observations and documents from one.
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomIds, systemClock, UserError } from "@archon/core";
import { type ArchonContext, createArchonContext } from "../../context/archon-context.js";
import { adminTools } from "../../mcp/admin/index.js";
import { openTeamRepository } from "../../store/team/open-team-repository.js";
import type { TeamRepository } from "../../store/team/team-repository.js";
import { appliedSeq } from "../../store/team/team-working.js";
import { readVersion } from "../../store/version.js";
import { ReplicatedKnowledge } from "./replicated-knowledge.js";
import { pushObservationWrite } from "./replicated-sync.js";
import { loggedWritesOf } from "./replicated-tools.js";

export interface WorkingCopyOptions {
  /** The store's address (open-team-repository.ts). */
  url: string;
  /** A database to keep across runs; by default a temporary file, removed on close. */
  workingDb?: string;
  projectRoot: string;
  templatesDir?: string;
  /** Audit rows in a background thread: the long-running server's choice. */
  backgroundAudit?: boolean;
  /** The compile path warmed up in idle time: a server's choice too. */
  warmUp?: boolean;
}

export interface WorkingCopy {
  repo: TeamRepository;
  ctx: ArchonContext;
  replicated: ReplicatedKnowledge;
  close(): Promise<void>;
}

/** Opens the store and the working database, and replays every call the database has not applied yet. */
export async function openWorkingCopy(options: WorkingCopyOptions): Promise<WorkingCopy> {
  const repo = await openTeamRepository(options.url);
  const { workingDb } = options;
  const dbPath = workingDb ?? join(tmpdir(), `archon-team-${process.pid}-${randomIds.next("w")}.db`);
  const ctx = createArchonContext({
    surface: "admin",
    dbPath,
    projectRoot: options.projectRoot,
    templatesDir: options.templatesDir,
    backgroundAudit: options.backgroundAudit ?? false,
    warmUp: options.warmUp ?? false,
  });
  const close = async () => {
    ctx.close();
    await repo.close();
    if (!workingDb) for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dbPath}${suffix}`, { force: true });
  };
  if (readVersion(ctx.kdb.db) > 0 && appliedSeq(ctx.kdb.db) === 0) {
    await close();
    throw new UserError(
      `${dbPath} holds knowledge of its own, so it cannot be a working copy of the team's store.`,
      "Give --working-db a new path (or leave it out for a temporary one).",
    );
  }
  const writes = [...loggedWritesOf(adminTools), pushObservationWrite];
  const replicated = new ReplicatedKnowledge(repo, ctx, writes, systemClock);
  try {
    await replicated.exclusive(async () => undefined);
  } catch (error) {
    await close();
    throw error;
  }
  return { repo, ctx, replicated, close };
}
