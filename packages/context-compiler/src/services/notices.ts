// Notices: time-varying operational state. Never part of the deterministic result, never audited.
import type { Db } from "@archon/core";
import { adapterNotices } from "../adapters/adapter-meta.js";
import { templateNotices } from "../init/template-notices.js";
import type { KnowledgeIndex } from "../read/knowledge-index.js";
import { VERSION } from "../version.js";

const count = (db: Db, sql: string) => db.prepare(sql).pluck().get() as number;

export function collectNotices(
  db: Db,
  index: KnowledgeIndex,
  projectRoot: string,
  templatesDir: string,
): string[] {
  const notices: string[] = [];
  if (index.docs.size === 0)
    notices.push("The knowledge base is empty: nothing can be delivered until documents are added.");
  const pending = count(db, "SELECT COUNT(*) FROM proposals WHERE status = 'pending'");
  if (pending > 0) notices.push(`${pending} proposal(s) are waiting for a person's approval.`);
  const backlog = count(db, "SELECT COUNT(*) FROM observations WHERE status = 'new'");
  if (backlog > 0)
    notices.push(
      `${backlog} observation(s) have not been triaged yet (process_observations on the admin surface).`,
    );
  notices.push(...adapterNotices(db, projectRoot, VERSION));
  notices.push(...templateNotices(db, templatesDir));
  return notices;
}
