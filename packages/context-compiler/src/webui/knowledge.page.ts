// The knowledge pages: documents (and one document with its edges), standing rules, approved edges.
import { html } from "hono/html";
import type { ArchonContext } from "../context/archon-context.js";
import { getDocument } from "../store/documents.js";
import { edgesOfDocument } from "../store/edges.js";
import { type DocumentListRow, documentsPage, edgesPage } from "../store/graph-reads.js";
import { tagsOfDocument } from "../store/tags.js";
import type { Html } from "./layout.js";
import { pageRequest, pager } from "./pagination.js";

const docLink = (docId: string) => html`<a href="/documents/${encodeURIComponent(docId)}">${docId}</a>`;

const documentTable = (rows: readonly DocumentListRow[]) =>
  html`<table><thead><tr><th>doc_id</th><th>title</th><th>kind</th><th>status</th><th>priority</th><th>updated at version</th></tr></thead><tbody>
${rows.map((d) => html`<tr><td>${docLink(d.doc_id)}</td><td>${d.title}</td><td>${d.kind}</td><td>${d.status}</td><td>${d.priority}</td><td>${d.updated_version}</td></tr>\n`)}
</tbody></table>`;

export function documentsPageView(ctx: ArchonContext, query: { page?: string }): Html {
  const req = pageRequest(query.page);
  const page = documentsPage(ctx.kdb.db, req);
  return html`<h2>Documents</h2>${documentTable(page.rows)}${pager("/documents", req.page, page.total)}`;
}

/** Standing rules: decisions captured from sessions, which .archon/rules.md mirrors. */
export function standingRulesPage(ctx: ArchonContext, query: { page?: string }): Html {
  const req = pageRequest(query.page);
  const page = documentsPage(ctx.kdb.db, req, { status: "approved", origin: "standing" });
  return html`<h2>Standing rules</h2>
<p>Decisions captured from sessions; <code>.archon/rules.md</code> shows the same rules and absorbs hand edits.</p>
${page.total === 0 ? html`<p class="empty">No standing rules yet.</p>` : documentTable(page.rows)}${pager("/standing-rules", req.page, page.total)}`;
}

export function documentPage(ctx: ArchonContext, docId: string): Html | undefined {
  const d = getDocument(ctx.kdb.db, docId);
  if (!d) return undefined;
  const edges = edgesOfDocument(ctx.kdb.db, docId);
  const tags = tagsOfDocument(ctx.kdb.db, docId);
  return html`<h2><code>${d.doc_id}</code>: ${d.title}</h2>
<p class="meta">${d.kind}, ${d.status}, priority ${d.priority}, created at version ${d.created_version}, updated at ${d.updated_version}${d.source_path ? html`, source <code>${d.source_path}</code>` : ""}${tags.length > 0 ? `, tags ${tags.join(", ")}` : ""}</p>
${d.description ? html`<p>${d.description}</p>` : ""}
<pre class="content">${d.content}</pre>
<h3>Edges</h3>
${edges.length === 0 ? html`<p class="empty">No edge reaches or leaves it: no compile selects it.</p>` : edgeTable(edges)}`;
}

const edgeTable = (
  rows: readonly {
    edge_id: number;
    edge_type: string;
    source_value: string;
    target_doc_id: string;
    status: string;
  }[],
) =>
  html`<table><thead><tr><th>edge_id</th><th>type</th><th>from</th><th>to</th><th>status</th></tr></thead><tbody>
${rows.map((e) => html`<tr><td>${e.edge_id}</td><td>${e.edge_type}</td><td>${e.edge_type === "doc_depends_on" ? docLink(e.source_value) : html`<code>${e.source_value}</code>`}</td><td>${docLink(e.target_doc_id)}</td><td>${e.status}</td></tr>\n`)}
</tbody></table>`;

export function edgesPageView(ctx: ArchonContext, query: { page?: string }): Html {
  const req = pageRequest(query.page);
  const page = edgesPage(ctx.kdb.db, req);
  return html`<h2>Approved edges</h2>${edgeTable(page.rows)}${pager("/edges", req.page, page.total)}`;
}
