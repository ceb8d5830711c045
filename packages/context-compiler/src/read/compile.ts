// compile_context as a pure function of (knowledge index, request, document content).
import {
  ABOUT_PLAN,
  type AllocationResult,
  allocate,
  type Candidate,
  type ContentMode,
} from "./allocate-budget.js";
import { type DeliveredSection, deferredSections } from "./allocate-sections.js";
import { describedDocs } from "./description-match.js";
import type { DocText } from "./doc-text.js";
import { expandTags } from "./expand-tags.js";
import type { IndexedDoc, KnowledgeIndex } from "./knowledge-index.js";
import { compareDocs } from "./order.js";
import { planTerms, relevance } from "./relevance.js";
import { type LayerClassification, type ResolutionGroup, type ResolutionStep, resolve } from "./resolve.js";

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
  /** Why it was not inlined; `not_about_plan` means the agent may skip it unless its change concerns it. */
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
  budget: { max_inline_bytes: number; inline_bytes: number; content_mode: ContentMode };
  warnings: string[];
  debug: {
    files: string[];
    near_miss_edges: NearMiss[];
    layer_classification: LayerClassification[];
    budget_drops: BudgetDrop[];
  };
}

/**
 * `files` are the request's target files already normalized to repo-relative form (sorted, distinct);
 * `warnings` carries what normalization had to say. `text` gives a document's content and terms.
 */
export function compile(
  index: KnowledgeIndex,
  request: CompileRequest,
  files: readonly string[],
  inputWarnings: readonly string[],
  text: DocText,
): CompileOutcome {
  const warnings = [...inputWarnings];
  const mode = request.content_mode ?? "auto";
  const maxInline = request.max_inline_bytes ?? DEFAULT_MAX_INLINE_BYTES;
  // A glob stored before globs were checked matches nothing (glob-index.ts); say so rather than hide it.
  for (const { pattern, problem } of [...index.pathEdges.refused(), ...index.layerRules.refused()])
    warnings.push(`Glob "${pattern}" ${problem}: it matches nothing until it is rewritten.`);
  if (index.docs.size === 0) {
    warnings.push(
      "Project not initialized: the knowledge base has no approved documents. Seed it with `archon seed archon.seed.yaml`, or import the rules agents already read with `archon import-rules`.",
    );
  }

  const resolution = resolve(index, {
    files,
    target_layers: request.target_layers,
    command: request.command,
  });
  const reached = [...resolution.specificity.keys()].map((id) => index.docs.get(id) as IndexedDoc);
  const spec = (d: IndexedDoc) => resolution.specificity.get(d.doc_id) ?? 0;
  reached.sort((a, b) => compareDocs(a, b, spec(a), spec(b)));

  const tags = expandTags(index, request.intent_tags, request.plan, resolution.specificity);
  warnings.push(...tags.warnings);
  const described = describedDocs(index, request.plan, resolution.specificity);
  const expandedIds = new Set([...tags.doc_ids, ...described]);
  const expandedDocs = [...expandedIds].map((id) => index.docs.get(id) as IndexedDoc);
  expandedDocs.sort((a, b) => compareDocs(a, b, 0, 0));

  const terms = request.plan !== undefined ? planTerms(request.plan) : undefined;
  if (request.min_relevance !== undefined && terms === undefined) {
    warnings.push("min_relevance was ignored: relevance needs a plan.");
  }
  const relevanceOf = new Map<string, number>();
  if (terms) {
    for (const doc of [...reached, ...expandedDocs]) {
      relevanceOf.set(doc.doc_id, relevance(terms, text.terms(doc)));
    }
  }

  const candidate = (doc: IndexedDoc, expanded: boolean): Candidate => {
    const rel = relevanceOf.get(doc.doc_id);
    const below = request.min_relevance !== undefined && rel !== undefined && rel < request.min_relevance;
    return {
      doc_id: doc.doc_id,
      docClass: expanded ? "expanded" : doc.kind === "template" ? "template" : "document",
      bytes: doc.content_bytes,
      fileBacked: doc.source_path !== null,
      priority: doc.priority,
      specificity: expanded ? 0 : spec(doc),
      relevance: rel,
      omitReason: below ? "below_min_relevance" : undefined,
      fromTemplate: doc.from_template === true,
    };
  };
  const allocation: AllocationResult = allocate(
    [...reached.map((d) => candidate(d, false)), ...expandedDocs.map((d) => candidate(d, true))],
    { maxInlineBytes: maxInline, contentMode: mode, command: request.command },
  );

  const sections = deferredSections(
    [...reached, ...expandedDocs].filter(
      (d) => allocation.allocations.get(d.doc_id)?.delivery === "deferred",
    ),
    text,
    terms,
    Math.max(ABOUT_PLAN, request.min_relevance ?? 0),
    maxInline - allocation.usedBytes,
  );

  const deliver = (doc: IndexedDoc): DeliveredDoc => {
    const a = allocation.allocations.get(doc.doc_id) ?? { delivery: "omitted" as const };
    const docSections = sections.byDoc.get(doc.doc_id);
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
      ...(a.delivery === "deferred" ? { defer_reason: a.reason ?? "deferred" } : {}),
      ...(docSections ? { sections: docSections } : {}),
      ...(doc.from_template ? { from_template: true as const } : {}),
    };
  };

  const position = new Map(reached.map((d, i) => [d.doc_id, i]));
  const steps = resolution.steps
    .map(
      ({ doc_id, via, edge_id, source_value, matched }): ResolutionStep => ({
        doc_id,
        via,
        edge_id,
        source_value,
        matched,
      }),
    )
    .sort(
      (a, b) =>
        (position.get(a.doc_id) ?? 0) - (position.get(b.doc_id) ?? 0) ||
        VIA_ORDER[a.via] - VIA_ORDER[b.via] ||
        // By what the edge says before its rowid, which another database built from the same rules differs in.
        (a.source_value < b.source_value ? -1 : a.source_value > b.source_value ? 1 : 0) ||
        a.edge_id - b.edge_id ||
        (a.matched < b.matched ? -1 : a.matched > b.matched ? 1 : 0),
    );
  const resolution_path = groupSteps(steps);

  for (const file of files) {
    if (!resolution.wired_files.has(file))
      warnings.push(`No approved document is wired to ${file} (by path or layer).`);
  }
  if (
    request.command !== undefined &&
    request.command !== "scaffold" &&
    !index.commandEdges.has(request.command)
  ) {
    warnings.push(`Command "${request.command}" matches no command_requires edge.`);
  }

  const budget_drops: BudgetDrop[] = [];
  for (const [doc_id, a] of allocation.allocations) {
    if (a.delivery !== "inline") budget_drops.push({ doc_id, delivery: a.delivery, reason: a.reason ?? "" });
  }
  budget_drops.sort((a, b) => (a.doc_id < b.doc_id ? -1 : 1));

  return {
    snapshot_id: index.snapshot_id,
    knowledge_version: index.knowledge_version,
    tag_catalog_hash: index.tag_catalog_hash,
    knowledge_hash: index.knowledge_hash,
    base: {
      documents: reached.filter((d) => d.kind !== "template").map(deliver),
      templates: reached.filter((d) => d.kind === "template").map(deliver),
      resolution_path,
    },
    ...(tags.tags.length > 0 || described.length > 0
      ? { expanded: { tags: tags.tags, described, documents: expandedDocs.map(deliver) } }
      : {}),
    budget: {
      max_inline_bytes: maxInline,
      inline_bytes: allocation.usedBytes + sections.usedBytes,
      content_mode: mode,
    },
    warnings,
    debug: {
      files: [...files],
      near_miss_edges: files.flatMap((file) =>
        index.pathEdges.nearMisses(file, NEAR_MISSES_PER_FILE).map((m) => ({
          file,
          pattern: m.pattern,
          doc_ids: [...new Set(m.items.map((e) => e.target_doc_id))].sort(),
        })),
      ),
      layer_classification: resolution.layer_classification,
      budget_drops,
    },
  };
}

const VIA_ORDER = { path_requires: 0, layer_requires: 1, command_requires: 2, doc_depends_on: 3 } as const;

/** Steps grouped by edge type and source value, in the order their first step comes in `steps`. */
function groupSteps(steps: readonly ResolutionStep[]): ResolutionGroup[] {
  const groups = new Map<string, ResolutionGroup & { edges: Set<number>; files: Set<string> }>();
  for (const { doc_id, via, edge_id, source_value, matched } of steps) {
    const key = `${via}\u0000${source_value}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        via,
        source_value,
        matched: [],
        doc_ids: [],
        edge_ids: [],
        edges: new Set(),
        files: new Set(),
      };
      groups.set(key, group);
    }
    if (!group.files.has(matched)) {
      group.files.add(matched);
      group.matched.push(matched);
    }
    if (!group.edges.has(edge_id)) {
      group.edges.add(edge_id);
      group.doc_ids.push(doc_id);
      group.edge_ids.push(edge_id);
    }
  }
  return [...groups.values()].map(({ via, source_value, matched, doc_ids, edge_ids }) => ({
    via,
    source_value,
    matched: [...matched].sort(),
    doc_ids,
    edge_ids,
  }));
}
