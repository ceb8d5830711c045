// Steps 1-4 of compile_context: which approved documents a request reaches, and by which edges.
import type { EdgeType } from "../vocabulary/knowledge-model.js";
import { specificity } from "./glob.js";
import type { IndexedEdge, KnowledgeIndex } from "./knowledge-index.js";

export interface ResolutionRequest {
  files: readonly string[];
  target_layers?: readonly string[];
  command?: string;
}

export interface ResolutionStep {
  doc_id: string;
  via: EdgeType;
  edge_id: number;
  source_value: string;
  /** The file, `file → layer`, command or parent document that made the edge fire, for display. */
  matched: string;
}

/**
 * The steps of one edge type and one source value (a glob, layer, command or parent document), said
 * once: a glob such as `apps/web/**` wired to forty rules and matching three target files is one group of
 * forty ids and three files, not a hundred and twenty copies of the glob. Every edge with the same source
 * value fires for the same files, so nothing is lost. The edge ids are debug_info's (resolution-path.ts).
 */
export interface ResolutionGroup {
  via: EdgeType;
  source_value: string;
  /** What made the edges fire: files, `file → layer`, the command or the parent document. */
  matched: string[];
  doc_ids: string[];
}

/** A step with what fired it, one field per kind of match, for callers that need ids rather than text. */
export interface FiredStep extends ResolutionStep {
  /** The target file a path or classified layer edge matched. */
  file: string | null;
  /** The layer of a layer edge, classified or from target_layers. */
  layer: string | null;
  /** The document a doc_depends_on edge was followed from. */
  parent_doc_id: string | null;
}

export interface LayerClassification {
  file: string;
  layer: string | null;
  rule_pattern: string | null;
}

export interface Resolution {
  /** doc_id → highest specificity among its matching path edges (0 when reached otherwise). */
  specificity: Map<string, number>;
  steps: FiredStep[];
  layer_classification: LayerClassification[];
  /** Target files that a path or layer edge reached (target_layers apply to every file). */
  wired_files: Set<string>;
}

/** Most specific layer rule wins; ties go to the lexically first pattern, then layer name. */
export function classifyLayer(index: KnowledgeIndex, file: string): LayerClassification {
  let best: { layer: string; pattern: string; specificity: number } | undefined;
  for (const hit of index.layerRules.match(file)) {
    for (const rule of hit.items) {
      const better =
        !best ||
        rule.specificity > best.specificity ||
        (rule.specificity === best.specificity &&
          (hit.pattern < best.pattern || (hit.pattern === best.pattern && rule.layer_name < best.layer)));
      if (better) best = { layer: rule.layer_name, pattern: hit.pattern, specificity: rule.specificity };
    }
  }
  return { file, layer: best?.layer ?? null, rule_pattern: best?.pattern ?? null };
}

export function resolve(index: KnowledgeIndex, request: ResolutionRequest): Resolution {
  const found = reachedDocs();
  const wired_files = new Set<string>();
  reachByPath(index, request.files, found, wired_files);
  const layer_classification = reachByLayer(index, request, found, wired_files);
  reachByCommand(index, request.command, found);
  reachDependencies(index, found);
  return { specificity: found.specificity, steps: found.steps, layer_classification, wired_files };
}

type Fired = Pick<FiredStep, "file" | "layer" | "parent_doc_id">;

/** What the four steps reach, in the order they reach it: each step adds to the same record. */
interface Reached {
  specificity: Map<string, number>;
  steps: FiredStep[];
  reach(edge: IndexedEdge, matched: string, edgeSpecificity: number, fired?: Partial<Fired>): void;
}

function reachedDocs(): Reached {
  const specificity = new Map<string, number>();
  const steps: FiredStep[] = [];
  const none: Fired = { file: null, layer: null, parent_doc_id: null };
  return {
    specificity,
    steps,
    reach(edge, matched, edgeSpecificity, fired = {}) {
      const doc_id = edge.target_doc_id;
      specificity.set(doc_id, Math.max(specificity.get(doc_id) ?? 0, edgeSpecificity));
      steps.push({
        doc_id,
        via: edge.edge_type as EdgeType,
        edge_id: edge.edge_id,
        source_value: edge.source_value,
        matched,
        ...none,
        ...fired,
      });
    },
  };
}

/** 1. path_requires */
function reachByPath(index: KnowledgeIndex, files: readonly string[], found: Reached, wired: Set<string>) {
  for (const file of files) {
    for (const hit of index.pathEdges.match(file)) {
      const s = specificity(hit.pattern);
      for (const edge of hit.items) found.reach(edge, file, s, { file });
      if (hit.items.length > 0) wired.add(file);
    }
  }
}

/** 2. layer_requires: classified per file, or the caller's target_layers for every file. */
function reachByLayer(
  index: KnowledgeIndex,
  request: ResolutionRequest,
  found: Reached,
  wired: Set<string>,
): LayerClassification[] {
  const layer_classification: LayerClassification[] = [];
  if (request.target_layers) {
    for (const layer of [...new Set(request.target_layers)].sort()) {
      const edges = index.layerEdges.get(layer) ?? [];
      for (const edge of edges) found.reach(edge, `target_layers → ${layer}`, 0, { layer });
      if (edges.length > 0) for (const file of request.files) wired.add(file);
    }
    return layer_classification;
  }
  for (const file of request.files) {
    const c = classifyLayer(index, file);
    layer_classification.push(c);
    if (c.layer === null) continue;
    const edges = index.layerEdges.get(c.layer) ?? [];
    for (const edge of edges) found.reach(edge, `${file} → ${c.layer}`, 0, { file, layer: c.layer });
    if (edges.length > 0) wired.add(file);
  }
  return layer_classification;
}

/** 3. command_requires: exact equality. */
function reachByCommand(index: KnowledgeIndex, command: string | undefined, found: Reached) {
  if (command === undefined) return;
  for (const edge of index.commandEdges.get(command) ?? []) found.reach(edge, command, 0);
}

/** 4. doc_depends_on: transitive closure; terminates because cycles are rejected at insert (INV-2). */
function reachDependencies(index: KnowledgeIndex, found: Reached) {
  const queue = [...found.specificity.keys()].sort();
  const expanded = new Set<string>();
  while (queue.length > 0) {
    const parent = queue.shift() as string;
    if (expanded.has(parent)) continue;
    expanded.add(parent);
    for (const edge of index.dependencies.get(parent) ?? []) {
      const isNew = !found.specificity.has(edge.target_doc_id);
      found.reach(edge, parent, 0, { parent_doc_id: parent });
      if (isNew) queue.push(edge.target_doc_id);
    }
  }
}
