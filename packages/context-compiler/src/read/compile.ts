// compile_context as a pure function of (knowledge index, request, document content).
import type { ContentMode } from "./allocate-budget.js";
import type { DeliveredSection } from "./allocate-sections.js";
import { coverageWarnings, knowledgeWarnings } from "./compile-warnings.js";
import { deliverDocs } from "./deliver-docs.js";
import { describedDocs } from "./description-match.js";
import type { DocText } from "./doc-text.js";
import { expandTags } from "./expand-tags.js";
import type { IndexedDoc, KnowledgeIndex } from "./knowledge-index.js";
import { compareDocs } from "./order.js";
import { planTerms, relevance } from "./relevance.js";
import { resolutionPath } from "./resolution-path.js";
import { type LayerClassification, type ResolutionGroup, resolve } from "./resolve.js";

export const DEFAULT_MAX_INLINE_BYTES = 8192;
const NEAR_MISSES_PER_FILE = 5;

export interface CompileRequest {
  target_files: string[];
  target_layers?: string[];
  command?: string;
  plan?: string;
  min_relevance?: number;
  intent_tags?: string[];
  max_inline_bytes?: number;
  content_mode?: ContentMode;
  include_debug?: boolean;
  agent_id?: string;
}

export interface DeliveredDoc {
  doc_id: string;
  title: string;
  kind: string;
  delivery: "inline" | "deferred" | "omitted";
  content_bytes: number;
  content_hash: string;
  content?: string;
  source_path?: string;
  relevance?: number;
  omit_reason?: string;
  /** Only `not_about_plan`: the agent may skip it unless its change concerns it (budget.defer_reasons has the rest). */
  defer_reason?: string;
  /** For a deferred document with `##` sections: where each is in source_path, the relevant ones inlined. */
  sections?: DeliveredSection[];
  /** A bundled template's generic rule, not one the project wrote: it comes after the project's (order.ts). */
  from_template?: true;
}

export interface NearMiss {
  file: string;
  pattern: string;
  doc_ids: string[];
}

export interface BudgetDrop {
  doc_id: string;
  delivery: "deferred" | "omitted";
  reason: string;
}

/** Every document an answer names, in its order: the base documents, the templates, then the expanded ones. */
export function answeredDocs(result: Pick<CompileOutcome, "base" | "expanded">): DeliveredDoc[] {
  return [...result.base.documents, ...result.base.templates, ...(result.expanded?.documents ?? [])];
}

/** Everything of a compile that is the same for the same request, knowledge version and tag catalog. */
export interface CompileOutcome {
  snapshot_id: string | null;
  knowledge_version: number;
  /** Tags change without a version bump, so the result names the catalog its `expanded` came from. */
  tag_catalog_hash: string;
  /** What the compile saw, by content: equal on any machine holding the same rules (knowledge-hash.ts). */
  knowledge_hash: string;
  base: { documents: DeliveredDoc[]; templates: DeliveredDoc[]; resolution_path: ResolutionGroup[] };
  /** Additive: documents reached through intent tags, or because the plan matches their description. */
  expanded?: { tags: string[]; described: string[]; documents: DeliveredDoc[] };
  /** defer_reasons: each reason a document was deferred, once (a document names only not_about_plan). */
  budget: {
    max_inline_bytes: number;
    inline_bytes: number;
    content_mode: ContentMode;
    defer_reasons: string[];
  };
  warnings: string[];
  debug: {
    files: string[];
    near_miss_edges: NearMiss[];
    layer_classification: LayerClassification[];
    budget_drops: BudgetDrop[];
    /** Beside base.resolution_path: the edge row id that reached each of a group's doc_ids. */
    resolution_edge_ids: number[][];
  };
}

/**
 * `files` are the request's target files already normalized to repo-relative form (sorted, distinct);
 * `warnings` carries what normalization had to say. `text` gives a document's content and terms.
 * Resolution, ordering, expansion, relevance, then allocation; each step's warnings are added as it runs.
 */
export function compile(
  index: KnowledgeIndex,
  request: CompileRequest,
  files: readonly string[],
  inputWarnings: readonly string[],
  text: DocText,
): CompileOutcome {
  const warnings = [...inputWarnings, ...knowledgeWarnings(index)];
  const maxInline = request.max_inline_bytes ?? DEFAULT_MAX_INLINE_BYTES;

  // Steps 1-4: path, layer and command edges, then the dependency closure (resolve.ts).
  const resolution = resolve(index, {
    files,
    target_layers: request.target_layers,
    command: request.command,
  });
  const reached = orderReached(index, resolution.specificity);
  const expansion = expand(index, request, resolution.specificity);
  warnings.push(...expansion.warnings);

  const { terms, relevanceOf, ...scored } = relevanceByDoc(request, [...reached, ...expansion.docs], text);
  warnings.push(...scored.warnings);

  const delivery = deliverDocs({
    request,
    reached,
    expanded: expansion.docs,
    specificity: resolution.specificity,
    relevanceOf,
    terms,
    maxInline,
    text,
  });
  warnings.push(...coverageWarnings(index, files, resolution.wired_files, request.command));
  const path = resolutionPath(resolution.steps, reached);

  return {
    snapshot_id: index.snapshot_id,
    knowledge_version: index.knowledge_version,
    tag_catalog_hash: index.tag_catalog_hash,
    knowledge_hash: index.knowledge_hash,
    base: {
      documents: reached.filter((d) => d.kind !== "template").map(delivery.deliver),
      templates: reached.filter((d) => d.kind === "template").map(delivery.deliver),
      resolution_path: path.groups,
    },
    ...(expansion.section.tags.length > 0 || expansion.section.described.length > 0
      ? { expanded: { ...expansion.section, documents: expansion.docs.map(delivery.deliver) } }
      : {}),
    budget: {
      max_inline_bytes: maxInline,
      inline_bytes: delivery.inlineBytes,
      content_mode: request.content_mode ?? "auto",
      defer_reasons: delivery.deferReasons,
    },
    warnings,
    debug: {
      files: [...files],
      near_miss_edges: nearMisses(index, files),
      layer_classification: resolution.layer_classification,
      budget_drops: delivery.drops,
      resolution_edge_ids: path.edgeIds,
    },
  };
}

/** Ordering: the documents resolution reached, in the one document order (order.ts). */
function orderReached(index: KnowledgeIndex, specificity: ReadonlyMap<string, number>): IndexedDoc[] {
  const reached = [...specificity.keys()].map((id) => index.docs.get(id) as IndexedDoc);
  const spec = (d: IndexedDoc) => specificity.get(d.doc_id) ?? 0;
  return reached.sort((a, b) => compareDocs(a, b, spec(a), spec(b)));
}

/** Expansion: documents reached through intent tags or a description the plan matches; never base ones. */
function expand(index: KnowledgeIndex, request: CompileRequest, base: ReadonlyMap<string, number>) {
  const tags = expandTags(index, request.intent_tags, request.plan, base);
  const described = describedDocs(index, request.plan, base);
  const docs = [...new Set([...tags.doc_ids, ...described])].map((id) => index.docs.get(id) as IndexedDoc);
  // Expanded documents have no glob behind them, so they rank at specificity 0.
  docs.sort((a, b) => compareDocs(a, b, 0, 0));
  return { docs, warnings: tags.warnings, section: { tags: tags.tags, described } };
}

/** Relevance: each document's share of the plan's terms; none without a plan. */
function relevanceByDoc(request: CompileRequest, docs: readonly IndexedDoc[], text: DocText) {
  const terms = request.plan !== undefined ? planTerms(request.plan) : undefined;
  const warnings =
    request.min_relevance !== undefined && terms === undefined
      ? ["min_relevance was ignored: relevance needs a plan."]
      : [];
  const relevanceOf = new Map<string, number>();
  if (terms) for (const doc of docs) relevanceOf.set(doc.doc_id, relevance(terms, text.terms(doc)));
  return { terms, relevanceOf, warnings };
}

/** Globs that nearly matched each target file, for the debug section. */
function nearMisses(index: KnowledgeIndex, files: readonly string[]): NearMiss[] {
  return files.flatMap((file) =>
    index.pathEdges.nearMisses(file, NEAR_MISSES_PER_FILE).map((m) => ({
      file,
      pattern: m.pattern,
      doc_ids: [...new Set(m.items.map((e) => e.target_doc_id))].sort(),
    })),
  );
}
