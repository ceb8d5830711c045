// The delivery allocator: every resolved document ends up inline, deferred or omitted.
import { UserError } from "@archon/core";

export type ContentMode = "auto" | "always" | "metadata";
export type Delivery = "inline" | "deferred" | "omitted";
export type DocClass = "template" | "document" | "expanded";

/** Under `auto`, a file-backed document above this size is never inlined. */
export const AUTO_INLINE_LIMIT = 4096;

/** The one deferral a document's entry names: the agent may skip the rule unless its change concerns it. */
export const NOT_ABOUT_PLAN = "not_about_plan";

/** A text holding at least this share of the plan's terms is about the plan. */
export const ABOUT_PLAN = 0.25;

/** Below this, a rule costs less inline than the header line that would point to it. */
export const LIST_ONLY_MIN_BYTES = 256;

export interface Candidate {
  doc_id: string;
  docClass: DocClass;
  bytes: number;
  fileBacked: boolean;
  priority: number;
  /** Of the most specific glob that reached it (0 otherwise): a rule written for this folder goes first. */
  specificity: number;
  relevance?: number;
  /** Set when an earlier rule already dropped it (e.g. below min_relevance). */
  omitReason?: string;
  /** Bootstrapped from a bundled template (order.ts): it competes only after every project rule. */
  fromTemplate: boolean;
}

export interface Allocation {
  delivery: Delivery;
  reason?: string;
}

export interface AllocationResult {
  allocations: Map<string, Allocation>;
  usedBytes: number;
}

const CLASS_ORDER: Record<DocClass, number> = { template: 0, document: 1, expanded: 2 };

export function allocate(
  candidates: readonly Candidate[],
  options: { maxInlineBytes: number; contentMode: ContentMode; command?: string },
): AllocationResult {
  const allocations = new Map<string, Allocation>();
  const live = dropOmitted(candidates, options, allocations);
  let used = inlineDatabaseOnly(live.filter(alwaysInline), options.maxInlineBytes, allocations);
  for (const c of live.filter((c) => !alwaysInline(c)).sort(byCompetitionOrder)) {
    const allocation = competingAllocation(c, options, used);
    if (allocation.delivery === "inline") used += c.bytes;
    allocations.set(c.doc_id, allocation);
  }
  return { allocations, usedBytes: used };
}

/** Rule 1: templates only for scaffolding (or when everything is asked for); returns the candidates still live. */
function dropOmitted(
  candidates: readonly Candidate[],
  options: { contentMode: ContentMode; command?: string },
  allocations: Map<string, Allocation>,
): Candidate[] {
  const templatesUnlocked = options.command === "scaffold" || options.contentMode === "always";
  const live: Candidate[] = [];
  for (const c of candidates) {
    if (c.docClass === "template" && !templatesUnlocked) {
      allocations.set(c.doc_id, { delivery: "omitted", reason: "template_requires_scaffold" });
    } else if (c.omitReason) {
      allocations.set(c.doc_id, { delivery: "omitted", reason: c.omitReason });
    } else live.push(c);
  }
  return live;
}

/**
 * Rule 2: base documents that exist only in the database have nowhere to defer to: always inline.
 * Not a template's: its generic rules may not take the budget ahead of the project's own (rule 3).
 */
const alwaysInline = (c: Candidate) => !c.fileBacked && c.docClass !== "expanded" && !c.fromTemplate;

/** Inlines every database-only document, or refuses the compile naming each one past the budget; returns the bytes used. */
function inlineDatabaseOnly(
  docs: readonly Candidate[],
  maxInlineBytes: number,
  allocations: Map<string, Allocation>,
): number {
  let used = 0;
  const overflow: string[] = [];
  for (const c of docs) {
    used += c.bytes;
    allocations.set(c.doc_id, { delivery: "inline" });
    if (used > maxInlineBytes) overflow.push(`${c.doc_id} (${c.bytes} bytes)`);
  }
  if (overflow.length > 0) {
    throw new UserError(
      `budget_exceeded: database-only documents need ${used} bytes but max_inline_bytes is ${maxInlineBytes}. Offenders: ${overflow.join(", ")}`,
      `Database-only documents are always inlined (they have no file to defer to), whatever content_mode says. Call again with max_inline_bytes of at least ${used}, narrow target_files, or move the large documents into files (a source_path) so they can be deferred: a rule in .archon/rules/ is deferred to its own file once its front matter says \`source: .archon/rules/<doc_id>.md\`.`,
      "max_inline_bytes",
    );
  }
  return used;
}

/**
 * Rule 3: everything else competes for what is left, a template's rules after all of the project's
 * (a template's database-only rule that does not fit is omitted, named, rather than failing the
 * compile); within a class the rule written for these files (higher specificity) beats a project-wide
 * one, then the plan decides. The doc_id makes the order total.
 */
const byCompetitionOrder = (a: Candidate, b: Candidate) =>
  Number(a.fromTemplate) - Number(b.fromTemplate) ||
  CLASS_ORDER[a.docClass] - CLASS_ORDER[b.docClass] ||
  b.specificity - a.specificity ||
  (b.relevance ?? 0) - (a.relevance ?? 0) ||
  a.priority - b.priority ||
  (a.doc_id < b.doc_id ? -1 : a.doc_id > b.doc_id ? 1 : 0);

/** Where one competing document goes, given the bytes already inlined ahead of it. */
function competingAllocation(
  c: Candidate,
  options: { maxInlineBytes: number; contentMode: ContentMode },
  used: number,
): Allocation {
  const nowhereToDefer = !c.fileBacked;
  // Rule 4: with a plan, a rule reached only through expansion (an intent tag, a description) that
  // the plan is not about is listed, not inlined: nothing about the target files chose it, so its
  // title is enough for the agent to judge. A rule the files selected (a glob, a layer, the command,
  // or one of those rules' dependencies) is never set apart by lexical matching, which misses too
  // much ("add a story" shares no word with the Storybook rule): the plan only orders those, and
  // min_relevance is the caller's way to drop them. A rule shorter than its pointer is simply inlined.
  const listOnly =
    options.contentMode === "auto" &&
    c.docClass === "expanded" &&
    c.fileBacked &&
    c.relevance !== undefined &&
    c.relevance < ABOUT_PLAN &&
    c.bytes >= LIST_ONLY_MIN_BYTES;
  if (listOnly) return { delivery: "deferred", reason: NOT_ABOUT_PLAN };
  const eligible =
    options.contentMode === "always" ||
    (options.contentMode === "auto" && (nowhereToDefer || c.bytes <= AUTO_INLINE_LIMIT));
  if (!eligible) {
    const reason = options.contentMode === "metadata" ? "content_mode_metadata" : "over_auto_inline_limit";
    return nowhereToDefer ? { delivery: "omitted", reason } : { delivery: "deferred", reason };
  }
  if (used + c.bytes <= options.maxInlineBytes) return { delivery: "inline" };
  return nowhereToDefer
    ? { delivery: "omitted", reason: "over_budget" }
    : { delivery: "deferred", reason: "over_budget" };
}
