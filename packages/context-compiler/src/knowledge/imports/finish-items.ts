// Turns drafts into plan items: unique doc_ids, inferred kind, suggested tags, and the flags a reviewer should see.
import type { Db } from "@archon/core";
import { AUTO_INLINE_LIMIT } from "../../read/allocate-budget.js";
import { documentTerms } from "../../read/term-sets.js";
import { allDocIds, existingSourcedDocuments } from "../../store/documents.js";
import { pendingNewDocs } from "../../store/proposals.js";
import { scanForSecrets } from "../secret-scan.js";
import type { ImportDraft, ImportFlag, ImportItem } from "./import-item.js";
import { uniqueIds } from "./import-item.js";
import { inferKind } from "./infer-kind.js";
import { inferTags } from "./infer-tags.js";
import { approvedTerms, overlapFinder, overlapsAmong, type Termed } from "./overlap.js";

/** Every doc_id an import must not reuse: documents of any status, and pending new_doc proposals. */
export function takenDocIds(db: Db): Set<string> {
  return new Set([...allDocIds(db), ...pendingNewDocs(db).map((p) => p.doc_id)]);
}

/** source_path → the document (or pending proposal) that already holds that unit. */
function importedSources(db: Db): Map<string, { doc_id: string; status: string }> {
  const out = new Map<string, { doc_id: string; status: string }>();
  for (const p of pendingNewDocs(db))
    if (p.source_path) out.set(p.source_path, { doc_id: p.doc_id, status: "proposed" });
  for (const d of existingSourcedDocuments(db))
    out.set(d.source_path, { doc_id: d.doc_id, status: d.status });
  return out;
}

/** Plan items for `drafts`, in draft order; `compareItems` adds overlap flags between the items themselves. */
export function finishItems(db: Db, drafts: readonly ImportDraft[], compareItems: boolean): ImportItem[] {
  const ids = uniqueIds(
    drafts.map((d) => d.id_base),
    takenDocIds(db),
  );
  const approvedOverlaps = overlapFinder(approvedTerms(db), drafts.length);
  const imported = importedSources(db);
  const termed: Termed[] = drafts.map((d, i) => ({
    id: ids[i] as string,
    terms: documentTerms(d.title, d.content),
  }));
  const itemOverlaps = compareItems ? overlapsAmong(termed) : [];
  return drafts.map((draft, i) => {
    const { kind, reason } = inferKind(draft);
    const bytes = Buffer.byteLength(draft.content, "utf8");
    const flags: ImportFlag[] = [];
    const holder = imported.get(draft.source_path);
    if (holder) flags.push({ flag: "already_imported", ...holder });
    // A described document is reached by a plan that matches its description, without an edge.
    if (!draft.description) {
      if (draft.needs_scope) flags.push({ flag: "needs_scope", reason: draft.needs_scope });
      if (draft.edge_hints.length === 0) flags.push({ flag: "no_edge_hints" });
    }
    if (bytes > AUTO_INLINE_LIMIT) flags.push({ flag: "oversize", bytes, limit: AUTO_INLINE_LIMIT });
    const self = termed[i] as Termed;
    const approved = approvedOverlaps(self);
    for (const o of approved.overlaps) flags.push({ flag: "overlap", ...o });
    for (const o of itemOverlaps[i]?.overlaps ?? []) flags.push({ flag: "item_overlap", ...o });
    // Said, not hidden: the flags above are real, but a stronger overlap may be missing from them.
    if (approved.capped || itemOverlaps[i]?.capped) flags.push({ flag: "overlap_capped" });
    for (const warning of scanForSecrets(draft.content)) flags.push({ flag: "secret", warning });
    return {
      doc_id: self.id,
      title: draft.title,
      kind,
      kind_reason: reason,
      ...(draft.description ? { description: draft.description } : {}),
      ...(draft.tags ? { tags: draft.tags } : {}),
      suggested_tags: inferTags(draft.title, draft.content).filter((t) => !draft.tags?.includes(t)),
      edge_hints: draft.edge_hints,
      source_path: draft.source_path,
      content: draft.content,
      bytes,
      flags,
    };
  });
}
