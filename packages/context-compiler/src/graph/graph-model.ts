// The knowledge graph as the graph page draws it: approved documents and selectors, the backlog as ghosts.
import type { Db } from "@archon/core";
import { proposalSummary } from "../knowledge/approval/proposal-views.js";
import { buildIndex, type KnowledgeRows } from "../read/knowledge-index.js";
import { similarDocumentPairs } from "../store/embeddings.js";
import { loadKnowledgeRows } from "../store/load-knowledge.js";
import { countObservations, listObservations } from "../store/observations.js";
import { countProposals, evidenceOf, listProposals } from "../store/proposals.js";
import { type FileResolutions, fileResolutions } from "./file-resolutions.js";

export type NodeKind = "document" | "glob" | "layer" | "command" | "proposal" | "observation";
/**
 * The four edge types, a layer rule (glob → layer), the backlog's links to what it is about, and
 * documents about the same topic by their embeddings (`archon embed-docs`).
 */
export type LinkType =
  | "path_requires"
  | "layer_requires"
  | "command_requires"
  | "doc_depends_on"
  | "layer_rule"
  | "proposes"
  | "cites"
  | "similar";

export interface GraphNode {
  /** `doc:`, `glob:`, `layer:`, `command:`, `proposal:` or `observation:` followed by the name. */
  id: string;
  kind: NodeKind;
  label: string;
  /** The document kind (guideline, pattern, ...), the proposal type or the observation event. */
  group: string;
  /** Pending proposals and observations: not knowledge yet. */
  ghost: boolean;
  title: string;
}

export interface GraphLink {
  source: string;
  target: string;
  type: LinkType;
  /** The edge's id for the four edge types; null for layer rules and backlog links. */
  edge_id: number | null;
}

export interface GraphModel {
  knowledge_version: number;
  snapshot_id: string | null;
  nodes: GraphNode[];
  links: GraphLink[];
  files: FileResolutions;
  /** Backlog items left out because there were more than the page shows. */
  ghosts_left_out: number;
}

/** A page with thousands of ghosts draws nothing readable; the oldest are shown, the rest counted. */
export const GHOST_LIMIT = 500;

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const linkKey = (l: GraphLink) => `${l.type}\u0000${l.source}\u0000${l.target}\u0000${l.edge_id ?? ""}`;

/** How alike two rules' vectors must be to be drawn as being about the same topic. */
export const SIMILARITY_LINK_MIN = 0.85;

/** Similarity links between approved documents; none when no embeddings are stored or sqlite-vec cannot load. */
function similarityLinks(db: Db): GraphLink[] {
  let pairs: ReturnType<typeof similarDocumentPairs>;
  try {
    pairs = similarDocumentPairs(db, SIMILARITY_LINK_MIN);
  } catch {
    return [];
  }
  return pairs.map(({ a, b }) => ({
    source: `doc:${a}`,
    target: `doc:${b}`,
    type: "similar",
    edge_id: null,
  }));
}

const SELECTOR: Record<string, { prefix: string; kind: NodeKind }> = {
  path_requires: { prefix: "glob:", kind: "glob" },
  layer_requires: { prefix: "layer:", kind: "layer" },
  command_requires: { prefix: "command:", kind: "command" },
};

/** The approved part: one node per document and per glob, layer and command an edge or layer rule names. */
function knowledgeGraph(rows: KnowledgeRows): { nodes: Map<string, GraphNode>; links: GraphLink[] } {
  const nodes = new Map<string, GraphNode>();
  const add = (node: GraphNode) => {
    if (!nodes.has(node.id)) nodes.set(node.id, node);
  };
  for (const d of rows.documents)
    add({
      id: `doc:${d.doc_id}`,
      kind: "document",
      label: d.doc_id,
      group: d.kind,
      ghost: false,
      title: d.title,
    });
  const selector = (kind: NodeKind, prefix: string, name: string) => {
    add({ id: `${prefix}${name}`, kind, label: name, group: kind, ghost: false, title: name });
    return `${prefix}${name}`;
  };
  const links: GraphLink[] = [];
  for (const e of rows.edges) {
    if (!nodes.has(`doc:${e.target_doc_id}`)) continue;
    const target = `doc:${e.target_doc_id}`;
    const type = e.edge_type as LinkType;
    const sel = SELECTOR[e.edge_type];
    if (sel)
      links.push({
        source: selector(sel.kind, sel.prefix, e.source_value),
        target,
        type,
        edge_id: e.edge_id,
      });
    else if (nodes.has(`doc:${e.source_value}`))
      links.push({ source: `doc:${e.source_value}`, target, type, edge_id: e.edge_id });
  }
  for (const r of rows.layer_rules) {
    const source = selector("glob", "glob:", r.path_pattern);
    links.push({
      source,
      target: selector("layer", "layer:", r.layer_name),
      type: "layer_rule",
      edge_id: null,
    });
  }
  return { nodes, links };
}

/** Pending proposals and open observations, linked to the documents they are about and to each other. */
function backlogGraph(db: Db, rows: KnowledgeRows, nodes: ReadonlyMap<string, GraphNode>) {
  const proposals = listProposals(db, "pending", GHOST_LIMIT + 1);
  const observations = [
    ...listObservations(db, { status: "new", limit: GHOST_LIMIT + 1 }),
    ...listObservations(db, { status: "analyzed", limit: GHOST_LIMIT + 1 }),
  ];
  const shownProposals = proposals.slice(0, GHOST_LIMIT);
  const shownObservations = observations.slice(0, GHOST_LIMIT);
  const ghosts: GraphNode[] = [];
  const links: GraphLink[] = [];
  const edgeTarget = new Map(rows.edges.map((e) => [e.edge_id, e.target_doc_id]));
  for (const p of shownProposals) {
    const id = `proposal:${p.proposal_id}`;
    const summary = proposalSummary(p);
    ghosts.push({
      id,
      kind: "proposal",
      label: p.proposal_id,
      group: p.proposal_type,
      ghost: true,
      title: summary.title,
    });
    const about =
      p.proposal_type === "remove_edge"
        ? edgeTarget.get(Number(p.payload.edge_id))
        : (summary.doc_id ?? undefined);
    if (about !== undefined && nodes.has(`doc:${about}`))
      links.push({ source: id, target: `doc:${about}`, type: "proposes", edge_id: null });
  }
  const shown = new Set(shownObservations.map((o) => o.observation_id));
  for (const o of shownObservations) {
    const id = `observation:${o.observation_id}`;
    ghosts.push({
      id,
      kind: "observation",
      label: o.observation_id,
      group: o.event_type,
      ghost: true,
      title: o.event_type,
    });
  }
  for (const p of shownProposals)
    for (const obs of evidenceOf(db, p.proposal_id))
      if (shown.has(obs))
        links.push({
          source: `observation:${obs}`,
          target: `proposal:${p.proposal_id}`,
          type: "cites",
          edge_id: null,
        });
  const open =
    countProposals(db, "pending") + countObservations(db, "new") + countObservations(db, "analyzed");
  const left_out = open - shownProposals.length - shownObservations.length;
  return { ghosts, links, left_out };
}

/**
 * The whole graph in a pinned order (nodes by id, links by type, ends and edge id), so the same knowledge
 * version, backlog, file list and stored vectors always give the same model.
 */
export function graphModel(db: Db, projectFiles: readonly string[]): GraphModel {
  const rows = loadKnowledgeRows(db);
  const { nodes, links } = knowledgeGraph(rows);
  const backlog = backlogGraph(db, rows, nodes);
  const all = [...links, ...backlog.links, ...similarityLinks(db)];
  const unique = [...new Map(all.map((l) => [linkKey(l), l])).values()];
  return {
    knowledge_version: rows.knowledge_version,
    snapshot_id: rows.snapshot_id,
    nodes: [...nodes.values(), ...backlog.ghosts].sort(byId),
    links: unique.sort((a, b) => (linkKey(a) < linkKey(b) ? -1 : linkKey(a) > linkKey(b) ? 1 : 0)),
    files: fileResolutions(buildIndex(rows), projectFiles),
    ghosts_left_out: backlog.left_out,
  };
}
