// Doctor checks on the knowledge graph itself: dead edges, isolated and oversized documents, cycles.
import type { Db } from "@archon/core";
import { AUTO_INLINE_LIMIT } from "../../read/allocate-budget.js";
import { globProblem } from "../../read/glob.js";
import { type DocumentFacts, documentFacts, isApproved } from "../../store/documents.js";
import { approvedEdges, type EdgeEnds } from "../../store/edges.js";
import { layerNames } from "../../store/layer-rules.js";
import { filesByGlob } from "../project-files.js";
import { dependencyCycles } from "./dependency-cycles.js";
import type { Finding } from "./finding.js";

/** `files` is the project's file list, or undefined when it is incomplete (then unmatched globs are not judged). */
export function graphFindings(db: Db, files: readonly string[] | undefined): Finding[] {
  const docs = new Map(documentFacts(db).map((d) => [d.doc_id, d]));
  const edges = approvedEdges(db);
  const layers = new Set(layerNames(db));
  const live = (id: string) => isApproved(docs.get(id));
  const state = (id: string) => docs.get(id)?.status ?? "missing";
  const globs = edges.filter((e) => e.edge_type === "path_requires" && !globProblem(e.source_value));
  const matched = files
    ? filesByGlob(
        globs.map((e) => e.source_value),
        files,
      )
    : undefined;
  const matchesSomething = (glob: string) => !matched || (matched.get(glob)?.length ?? 0) > 0;

  const findings: Finding[] = [];
  const reached = new Set<string>();
  for (const edge of edges) {
    const dead = deadReason(edge, live, state, layers, matchesSomething);
    if (dead)
      findings.push({ ...dead, check: "dead_edge", doc_ids: [edge.target_doc_id], edge_ids: [edge.edge_id] });
    else reached.add(edge.target_doc_id);
  }
  for (const doc of docs.values()) {
    if (isApproved(doc)) findings.push(...documentFindings(doc, reached.has(doc.doc_id)));
  }
  const dependencies = edges.filter(
    (e) => e.edge_type === "doc_depends_on" && live(e.source_value) && live(e.target_doc_id),
  );
  findings.push(...cycleFindings(dependencies));
  return findings;
}

/** A live document that no live edge reaches, or that is too large ever to be inlined. */
function documentFindings(doc: DocumentFacts, reached: boolean): Finding[] {
  const findings: Finding[] = [];
  if (!reached) {
    // Tags and prompt matching (standing rules) still deliver such a document, so it is only worth a note.
    const other = doc.origin === "standing" ? "prompt matching" : doc.tagged ? "intent tags" : undefined;
    findings.push({
      severity: other ? "info" : "warning",
      check: "isolated_document",
      message: other
        ? `${doc.doc_id} has no live edge; only ${other} can deliver it.`
        : `${doc.doc_id} has no live edge, so no compile can deliver it. Add a path, layer or command edge, or deprecate it.`,
      doc_ids: [doc.doc_id],
      edge_ids: [],
    });
  }
  if (doc.content_bytes > AUTO_INLINE_LIMIT) {
    findings.push({
      severity: "warning",
      check: "oversized_document",
      message: `${doc.doc_id} is ${doc.content_bytes} bytes (over ${AUTO_INLINE_LIMIT}): under content_mode auto it is always deferred, never inlined. Split it by topic.`,
      doc_ids: [doc.doc_id],
      edge_ids: [],
    });
  }
  return findings;
}

/** Loops among live documents' dependencies: the write path refuses them, so one found here is an error. */
function cycleFindings(dependencies: readonly EdgeEnds[]): Finding[] {
  return dependencyCycles(dependencies).map((cycle) => ({
    severity: "error",
    check: "dependency_cycle",
    message: `doc_depends_on cycle between ${cycle.doc_ids.join(", ")}; remove one of its edges (the write path should have refused it).`,
    doc_ids: cycle.doc_ids,
    edge_ids: cycle.edge_ids,
  }));
}

function deadReason(
  edge: EdgeEnds,
  live: (id: string) => boolean,
  state: (id: string) => string,
  layers: ReadonlySet<string>,
  matchesSomething: (glob: string) => boolean,
): Pick<Finding, "severity" | "message"> | undefined {
  const name = `Edge ${edge.edge_id} (${edge.edge_type} ${edge.source_value} → ${edge.target_doc_id})`;
  if (!live(edge.target_doc_id))
    return { severity: "warning", message: `${name} targets a ${state(edge.target_doc_id)} document.` };
  switch (edge.edge_type) {
    case "doc_depends_on":
      if (!live(edge.source_value))
        return { severity: "warning", message: `${name} hangs from a ${state(edge.source_value)} document.` };
      return undefined;
    case "layer_requires":
      if (!layers.has(edge.source_value))
        return {
          severity: "warning",
          message: `${name} names layer "${edge.source_value}", which no layer rule produces, so only target_layers can reach it.`,
        };
      return undefined;
    case "path_requires": {
      const problem = globProblem(edge.source_value);
      if (problem) return { severity: "error", message: `${name}: the glob ${problem}.` };
      if (!matchesSomething(edge.source_value))
        return { severity: "warning", message: `${name}: the glob matches no file of the project.` };
      return undefined;
    }
    default:
      return undefined;
  }
}
