// Notices: time-varying operational state. Never part of the deterministic result, never audited.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Clock, Db } from "@archon/core";
import { adapterNotices } from "../adapters/adapter-meta.js";
import { templateNotices } from "../init/template-notices.js";
import { type Channel, step } from "../knowledge/next-step.js";
import { attemptNotices } from "../memory/attempt-notices.js";
import type { KnowledgeIndex } from "../read/knowledge-index.js";
import { countObservations } from "../store/observations.js";
import { countProposals } from "../store/proposals.js";
import { countUnpushed, readReplicaState } from "../store/replica.js";
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
}

/** Target files not on disk: the rules still apply by path, but a typo in the path looks exactly like this. */
function missingTargets(projectRoot: string, files: readonly string[]): string[] {
  return files
    .filter((file) => !existsSync(join(projectRoot, file)))
    .map(
      (file) =>
        `Target file ${file} does not exist in the project: the rules shown are the ones for a new file at that path; check the path if you meant an existing file.`,
    );
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

export function collectNotices(input: NoticeInput): string[] {
  const { db, index, channel } = input;
  const notices: string[] = [...replicaNotices(db)];
  if (index.docs.size === 0)
    notices.push("The knowledge base is empty: nothing can be delivered until documents are added.");
  notices.push(...missingTargets(input.projectRoot, input.files));
  notices.push(...attemptNotices(db, input.files, input.clock, channel));
  const pending = countProposals(db, "pending");
  if (pending > 0) notices.push(`${pending} proposal(s) are waiting for a person's approval.`);
  const backlog = countObservations(db, "new");
  if (backlog > 0)
    notices.push(
      `${backlog} observation(s) have not been triaged yet: a person runs ${step(channel, "process_observations")} on the admin surface.`,
    );
  notices.push(...adapterNotices(db, input.projectRoot, VERSION, channel));
  notices.push(...templateNotices(db, input.templatesDir, channel));
  return notices;
}
