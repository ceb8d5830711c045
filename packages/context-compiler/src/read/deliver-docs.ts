// The allocation step of compile_context: the budget placing every reached document inline, deferred or omitted,
// the leftover bytes given to deferred documents' sections, and each document as the result lists it.
import {
  ABOUT_PLAN,
  type AllocationResult,
  allocate,
  type Candidate,
  NOT_ABOUT_PLAN,
} from "./allocate-budget.js";
import { type DeliveredSection, deferredSections } from "./allocate-sections.js";
import type { BudgetDrop, CompileRequest, DeliveredDoc } from "./compile.js";
import type { DocText } from "./doc-text.js";
import type { IndexedDoc } from "./knowledge-index.js";

export interface DeliveryInput {
  request: CompileRequest;
  /** Base documents and templates, in the result's order. */
  reached: readonly IndexedDoc[];
  /** Documents reached through tags or descriptions, in the result's order. */
  expanded: readonly IndexedDoc[];
  specificity: ReadonlyMap<string, number>;
  relevanceOf: ReadonlyMap<string, number>;
  /** The plan's terms; without a plan, nothing is about it. */
  terms: readonly string[] | undefined;
  maxInline: number;
  text: DocText;
}

export interface Delivery {
  deliver(doc: IndexedDoc): DeliveredDoc;
  /** Documents and sections inlined, in bytes. */
  inlineBytes: number;
  /** Every document not inlined and why, by doc_id. */
  drops: BudgetDrop[];
  /** Each reason a document was deferred, once, sorted: the result's budget.defer_reasons. */
  deferReasons: string[];
}

export function deliverDocs(input: DeliveryInput): Delivery {
  const { request, reached, expanded, relevanceOf, maxInline, text } = input;
  const allocation = allocateDocs(input);
  const sections = deferredSections(
    [...reached, ...expanded].filter((d) => allocation.allocations.get(d.doc_id)?.delivery === "deferred"),
    text,
    input.terms,
    Math.max(ABOUT_PLAN, request.min_relevance ?? 0),
    maxInline - allocation.usedBytes,
  );
  const drops = budgetDrops(allocation);
  const deferred = drops.filter((d) => d.delivery === "deferred").map((d) => d.reason);
  return {
    deliver: (doc) => delivered(doc, allocation, sections.byDoc.get(doc.doc_id), relevanceOf, text),
    inlineBytes: allocation.usedBytes + sections.usedBytes,
    drops,
    deferReasons: [...new Set(deferred)].sort(),
  };
}

/** Base documents first, then expanded ones, which compete at specificity 0. */
function allocateDocs(input: DeliveryInput): AllocationResult {
  const { request, relevanceOf } = input;
  const candidate = (doc: IndexedDoc, expanded: boolean): Candidate => {
    const rel = relevanceOf.get(doc.doc_id);
    const below = request.min_relevance !== undefined && rel !== undefined && rel < request.min_relevance;
    return {
      doc_id: doc.doc_id,
      docClass: expanded ? "expanded" : doc.kind === "template" ? "template" : "document",
      bytes: doc.content_bytes,
      fileBacked: doc.source_path !== null,
      priority: doc.priority,
      specificity: expanded ? 0 : (input.specificity.get(doc.doc_id) ?? 0),
      relevance: rel,
      omitReason: below ? "below_min_relevance" : undefined,
      fromTemplate: doc.from_template === true,
    };
  };
  return allocate(
    [...input.reached.map((d) => candidate(d, false)), ...input.expanded.map((d) => candidate(d, true))],
    {
      maxInlineBytes: input.maxInline,
      contentMode: request.content_mode ?? "auto",
      command: request.command,
    },
  );
}

function delivered(
  doc: IndexedDoc,
  allocation: AllocationResult,
  docSections: DeliveredSection[] | undefined,
  relevanceOf: ReadonlyMap<string, number>,
  text: DocText,
): DeliveredDoc {
  const a = allocation.allocations.get(doc.doc_id) ?? { delivery: "omitted" as const };
  // Optional fields are left out rather than set to undefined: the result's bytes are hashed (P-1). A
  // deferral's reason is said per document only when it changes what the agent does (not_about_plan: it
  // may skip the rule); any other means "read it where it says", and budget.defer_reasons names it once.
  return {
    doc_id: doc.doc_id,
    title: doc.title,
    kind: doc.kind,
    delivery: a.delivery,
    content_bytes: doc.content_bytes,
    content_hash: doc.content_hash,
    ...(a.delivery === "inline" ? { content: text.content(doc) } : {}),
    ...(doc.source_path !== null ? { source_path: doc.source_path } : {}),
    ...(relevanceOf.has(doc.doc_id) ? { relevance: relevanceOf.get(doc.doc_id) } : {}),
    ...(a.delivery === "omitted" ? { omit_reason: a.reason ?? "omitted" } : {}),
    ...(a.delivery === "deferred" && a.reason === NOT_ABOUT_PLAN ? { defer_reason: NOT_ABOUT_PLAN } : {}),
    ...(docSections ? { sections: docSections } : {}),
    ...(doc.from_template ? { from_template: true as const } : {}),
  };
}

function budgetDrops(allocation: AllocationResult): BudgetDrop[] {
  const drops: BudgetDrop[] = [];
  for (const [doc_id, a] of allocation.allocations) {
    if (a.delivery !== "inline") drops.push({ doc_id, delivery: a.delivery, reason: a.reason ?? "" });
  }
  return drops.sort((a, b) => (a.doc_id < b.doc_id ? -1 : 1));
}
