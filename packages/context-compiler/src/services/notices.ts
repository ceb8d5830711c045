// Notices: time-varying operational state. Never part of the deterministic result, never audited.
import { type Stats, statSync } from "node:fs";
import { join } from "node:path";
import type { Clock, Db } from "@archon/core";
import { adapterNotices } from "../adapters/adapter-meta.js";
import { templateNotices } from "../init/template-notices.js";
import { type Channel, step } from "../knowledge/next-step.js";
import { type AttemptNote, attemptNotes, attemptNotices } from "../memory/attempt-notices.js";
import type { KnowledgeIndex } from "../read/knowledge-index.js";
import { countObservations } from "../store/observations.js";
import { countProposals } from "../store/proposals.js";
import { countUnpushed, readReplicaState } from "../store/team/replica.js";
import { readVersion } from "../store/version.js";
import { VERSION } from "../version.js";

export interface NoticeInput {
  db: Db;
  index: KnowledgeIndex;
  projectRoot: string;
  templatesDir: string;
  /** The compile's target files, repo-relative and normalized. */
  files: readonly string[];
  channel: Channel;
  clock: Clock;
  /** The database reads of earlier compiles, while the file is unchanged; absent: read everything now. */
  reads?: NoticeReads;
}

/** The notices that depend on the database alone, not on the compile's files. */
interface SharedNotices {
  replica: string[];
  pending: number;
  backlog: number;
  adapters: string[];
  templates: string[];
}

/** Sets of target files whose notes are kept at once; past it the oldest go (a server sees many sets). */
const MAX_KEPT_FILE_SETS = 256;

/**
 * What the notices read from the database, kept by a compile service while the file is unchanged
 * (change-stamp.ts): a compile then asks the database for nothing. The file system's
 * part (targets on disk) is looked at on every compile.
 */
export class NoticeReads {
  #shared: SharedNotices | undefined;
  /** Per set of target files: the notes as read, and the window's start they were read with. */
  readonly #attempts = new Map<string, { since: string; notes: readonly AttemptNote[] }>();

  /** The file changed (or may have): read everything again. */
  clear(): void {
    this.#shared = undefined;
    this.#attempts.clear();
  }

  shared(read: () => SharedNotices): SharedNotices {
    this.#shared ??= read();
    return this.#shared;
  }

  /** Notes read with an earlier `since` still answer a later one: the window only moves forward. */
  attempts(db: Db, files: readonly string[], since: string): readonly AttemptNote[] {
    const key = files.join("\n");
    const kept = this.#attempts.get(key);
    if (kept && kept.since <= since) return kept.notes;
    const notes = attemptNotes(db, files, since);
    this.#attempts.delete(key);
    this.#attempts.set(key, { since, notes });
    if (this.#attempts.size > MAX_KEPT_FILE_SETS)
      this.#attempts.delete(this.#attempts.keys().next().value as string);
    return notes;
  }
}

/**
 * Targets that are not files on disk. A missing one: the rules still apply by path, but a typo in the path
 * looks exactly like this. A folder: rules are matched to file paths, so only globs that take the folder's
 * own path (`apps/web/**`) reach it, and the agent most likely wanted the rules of files inside it.
 */
function targetNotices(projectRoot: string, files: readonly string[]): string[] {
  const notices: string[] = [];
  for (const file of files) {
    const found = statOrMissing(join(projectRoot, file));
    if (!found)
      notices.push(
        `Target file ${file} does not exist in the project: the rules shown are the ones for a new file at that path; check the path if you meant an existing file.`,
      );
    else if (found.isDirectory())
      notices.push(
        `Target ${file} is a folder: rules are matched to file paths, so the rules shown are only those whose globs take the folder's own path (such as ${file}/**). Name the files you will read or edit to get their rules.`,
      );
  }
  return notices;
}

/** What is at `path`, or undefined where nothing can be (a name too long, a file as a folder on the way). */
function statOrMissing(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** A replica whose last sync could not reach its server: compiles answer from the last version synced. */
export function replicaNotices(db: Db): string[] {
  const state = readReplicaState(db);
  if (state.server === null || state.offline_since === null) return [];
  const waiting = countUnpushed(db);
  return [
    `This replica of ${state.server} is offline since ${state.offline_since} (${state.offline_reason ?? "no answer"}): compiles use knowledge_version ${readVersion(db)}, the last one synced${waiting > 0 ? `, and ${waiting} observation(s) wait in the outbox` : ""}. Run \`archon sync\` once the server is reachable.`,
  ];
}

function readShared(input: NoticeInput): SharedNotices {
  const { db, channel } = input;
  return {
    replica: replicaNotices(db),
    pending: countProposals(db, "pending"),
    backlog: countObservations(db, "new"),
    adapters: adapterNotices(db, input.projectRoot, VERSION, channel),
    templates: templateNotices(db, input.templatesDir, channel),
  };
}

/** Takes the reads of the notices that depend on the database alone now, ahead of the compile that shows them. */
export function prefetchSharedNotices(input: NoticeInput & { reads: NoticeReads }): void {
  input.reads.shared(() => readShared(input));
}

export function collectNotices(input: NoticeInput): string[] {
  const { db, index, channel, reads } = input;
  // Attempts first: reading them folds session notes into memory, which the observation counts see.
  const attempts = attemptNotices(
    db,
    input.files,
    input.clock,
    channel,
    reads ? (d, f, since) => reads.attempts(d, f, since) : undefined,
  );
  const shared = reads ? reads.shared(() => readShared(input)) : readShared(input);
  const notices: string[] = [...shared.replica];
  if (index.docs.size === 0)
    notices.push("The knowledge base is empty: nothing can be delivered until documents are added.");
  notices.push(...targetNotices(input.projectRoot, input.files));
  notices.push(...attempts);
  if (shared.pending > 0) notices.push(`${shared.pending} proposal(s) are waiting for a person's approval.`);
  if (shared.backlog > 0)
    notices.push(
      `${shared.backlog} observation(s) have not been triaged yet: a person runs ${step(channel, "process_observations")} on the admin surface.`,
    );
  notices.push(...shared.adapters);
  notices.push(...shared.templates);
  return notices;
}
