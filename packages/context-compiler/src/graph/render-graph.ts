// The graph page as one self-contained HTML file: the model as JSON, d3 and the page script inlined.
import { html, raw } from "hono/html";
import { DOC_KINDS } from "../vocabulary/knowledge-model.js";
import type { GraphModel, LinkType } from "./graph-model.js";
import { PAGE_SCRIPT } from "./page-script.js";
import { d3Scripts } from "./vendor-scripts.js";

/** Marks a file as written by `archon graph`, so writing the page again may replace it. */
export const GRAPH_MARKER = '<meta name="generator" content="archon graph">';

/** What the legend and the filters list, each with its colour: documents by kind, then the other nodes. */
const NODE_KINDS: readonly { key: string; label: string; color: string }[] = [
  ...DOC_KINDS.map((kind, i) => ({
    key: `doc-${kind}`,
    label: `document: ${kind}`,
    color: ["#2563eb", "#7c3aed", "#dc2626", "#0891b2", "#65a30d"][i] ?? "#2563eb",
  })),
  { key: "glob", label: "path glob", color: "#f59e0b" },
  { key: "layer", label: "layer", color: "#db2777" },
  { key: "command", label: "command", color: "#0d9488" },
  { key: "proposal", label: "pending proposal (ghost)", color: "#9ca3af" },
  { key: "observation", label: "observation (ghost)", color: "#d1d5db" },
];

const LINK_TYPES: readonly { type: LinkType; label: string; color: string }[] = [
  { type: "path_requires", label: "path_requires (glob → document)", color: "#f59e0b" },
  { type: "layer_requires", label: "layer_requires (layer → document)", color: "#db2777" },
  { type: "command_requires", label: "command_requires (command → document)", color: "#0d9488" },
  { type: "doc_depends_on", label: "doc_depends_on (document → its dependency)", color: "#2563eb" },
  { type: "layer_rule", label: "layer rule (glob → layer)", color: "#fbcfe8" },
  { type: "proposes", label: "proposal → what it changes", color: "#9ca3af" },
  { type: "cites", label: "observation → proposal citing it", color: "#d1d5db" },
  { type: "similar", label: "about the same topic (embeddings)", color: "#a78bfa" },
];

const STYLE = [
  "body{margin:0;font:14px system-ui,sans-serif;display:grid;grid-template-columns:300px 1fr;height:100vh}",
  "aside{padding:12px;overflow:auto;border-right:1px solid #e5e7eb}",
  "#graph{width:100%;height:100vh;display:block}",
  "h1{font-size:16px;margin:0 0 8px}h2{font-size:13px;margin:14px 0 4px;text-transform:uppercase;color:#6b7280}",
  "label{display:block;margin:2px 0}.swatch{display:inline-block;width:10px;height:10px;border-radius:50%;margin:0 6px 0 4px}",
  ".line{display:inline-block;width:16px;height:3px;margin:0 6px 3px 4px}",
  "#search{width:100%;box-sizing:border-box;padding:4px}#result{margin-top:8px}#result li{font-family:monospace;margin-left:16px}",
  ".link{stroke-opacity:.6;stroke-width:1.2}.node text{font-size:9px;fill:#374151;pointer-events:none}",
  ".node{cursor:pointer}.ghost circle{fill-opacity:.35;stroke-dasharray:2 2;stroke:#6b7280}",
  ".hidden{display:none}.dim{opacity:.12}.node.hit circle{stroke:#111827;stroke-width:2}.link.hit{stroke-width:2.5;stroke-opacity:1}",
  ".proposes,.cites{stroke-dasharray:3 3}",
  ...NODE_KINDS.map((k) => `.node.${k.key} circle,.swatch.${k.key}{fill:${k.color};background:${k.color}}`),
  ...LINK_TYPES.map((l) => `.link.${l.type}{stroke:${l.color}}.line.${l.type}{background:${l.color}}`),
].join("\n");

/**
 * No request may leave the page: the policy refuses every fetch, frame and external script, and
 * everything the page needs is inline.
 */
const POLICY = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";

/** JSON inside a script element: `<` escaped so no value can close the element early. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

const count = (model: GraphModel, kind: string) => model.nodes.filter((n) => n.kind === kind).length;

export function renderGraph(model: GraphModel): string {
  const scripts = d3Scripts().map((s) => html`<script data-module="${s.name}">${raw(s.text)}</script>\n`);
  const summary = `${count(model, "document")} documents, ${model.links.filter((l) => l.edge_id !== null).length} edges, ${count(model, "proposal")} pending proposals, ${count(model, "observation")} open observations`;
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
${raw(GRAPH_MARKER)}
<meta http-equiv="Content-Security-Policy" content="${raw(POLICY)}">
<title>archon knowledge graph, version ${model.knowledge_version}</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<aside>
<h1>Knowledge version ${model.knowledge_version}</h1>
<p>${summary}${model.ghosts_left_out > 0 ? `; ${model.ghosts_left_out} more backlog items not drawn` : ""}.</p>
<form id="search-form"><input id="search" type="search" placeholder="doc_id or path, e.g. src/api/users.ts" aria-label="Search by doc_id or path"></form>
<div id="result" aria-live="polite"></div>
<h2>Nodes</h2>
${NODE_KINDS.map((k) => html`<label><input type="checkbox" checked data-kind="${k.key}"><span class="swatch ${k.key}"></span>${k.label}</label>\n`)}
<h2>Links</h2>
${LINK_TYPES.map((l) => html`<label><input type="checkbox" checked data-link="${l.type}"><span class="line ${l.type}"></span>${l.label}</label>\n`)}
<p>Drag to move a node, scroll to zoom, click a node to see its links.</p>
</aside>
<svg id="graph" role="img" aria-label="knowledge graph"></svg>
<script type="application/json" id="graph-data">${raw(scriptJson(model))}</script>
${scripts}<script>${raw(PAGE_SCRIPT)}</script>
</body>
</html>
`;
  return String(page);
}
