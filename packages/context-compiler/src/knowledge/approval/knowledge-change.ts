// What an applied change did to canonical knowledge: the record preflight shows and approval returns.
import { type DocumentState, isExisting } from "../../store/documents.js";

export interface KnowledgeChange {
  documents_added: string[];
  documents_updated: string[];
  documents_removed: string[];
  edges_added: number[];
  edges_removed: number[];
  /** Layer rules a seed added (proposals never carry them). */
  layer_rules_added: number;
  /** A standing rule was added, changed or retired, so .archon/rules.md must be rendered again. */
  standing_changed: boolean;
}

export const noChange = (): KnowledgeChange => ({
  documents_added: [],
  documents_updated: [],
  documents_removed: [],
  edges_added: [],
  edges_removed: [],
  layer_rules_added: 0,
  standing_changed: false,
});

/** Records that `docId` was written, given its state before: added when it was not there, else updated. */
export function recordDocumentWrite(
  change: KnowledgeChange,
  docId: string,
  before: DocumentState | undefined,
) {
  (isExisting(before) ? change.documents_updated : change.documents_added).push(docId);
  if (before?.origin === "standing") change.standing_changed = true;
}

/** What approvals report: the changed ids, without the bookkeeping only the commit path reads. */
export type ReportedChange = Omit<KnowledgeChange, "layer_rules_added" | "standing_changed">;

export const reportedChange = (change: KnowledgeChange): ReportedChange => {
  const { layer_rules_added: _rules, standing_changed: _standing, ...reported } = change;
  return reported;
};

/** Whether anything canonical moved: only then does the version go up. */
export const isChanged = (c: KnowledgeChange) =>
  c.documents_added.length +
    c.documents_updated.length +
    c.documents_removed.length +
    c.edges_added.length +
    c.edges_removed.length +
    c.layer_rules_added >
  0;

const unique = <T>(values: T[]) => [...new Set(values)];

/** Folds several changes into one, each list sorted so the outcome never depends on application order. */
export function combineChanges(changes: readonly KnowledgeChange[]): KnowledgeChange {
  const all = (pick: (c: KnowledgeChange) => string[]) => unique(changes.flatMap(pick)).sort();
  const ids = (pick: (c: KnowledgeChange) => number[]) => unique(changes.flatMap(pick)).sort((a, b) => a - b);
  const added = new Set(changes.flatMap((c) => c.documents_added));
  return {
    documents_added: all((c) => c.documents_added),
    // A document created and then edited in the same bundle is reported once, as added.
    documents_updated: all((c) => c.documents_updated).filter((id) => !added.has(id)),
    documents_removed: all((c) => c.documents_removed),
    edges_added: ids((c) => c.edges_added),
    edges_removed: ids((c) => c.edges_removed),
    layer_rules_added: changes.reduce((n, c) => n + c.layer_rules_added, 0),
    standing_changed: changes.some((c) => c.standing_changed),
  };
}
