// Notices: time-varying operational state. Never part of the deterministic result, never audited.
import type { Db } from "@archon/core";
import type { KnowledgeIndex } from "../read/knowledge-index.js";

export function collectNotices(db: Db, index: KnowledgeIndex): string[] {
  const notices: string[] = [];
  if (index.docs.size === 0)
    notices.push("The knowledge base is empty: nothing can be delivered until documents are added.");
  const pending = (
    db.prepare("SELECT COUNT(*) AS n FROM documents WHERE status = 'pending'").get() as { n: number }
  ).n;
  if (pending > 0) notices.push(`${pending} document(s) are pending approval and are not delivered yet.`);
  return notices;
}
