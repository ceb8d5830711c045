// The compile audit log: every compile newest first, and one compile's full record.
import { html } from "hono/html";
import type { ArchonContext } from "../context/archon-context.js";
import { readCompileLog } from "../store/audit.js";
import { compileLogPage } from "../store/graph-reads.js";
import type { Html } from "./layout.js";
import { pageRequest, pager } from "./pagination.js";

export function auditPage(ctx: ArchonContext, query: { page?: string }): Html {
  const req = pageRequest(query.page);
  const page = compileLogPage(ctx.kdb.db, req);
  return html`<h2>Compile log</h2>
${page.total === 0 ? html`<p class="empty">No compile yet.</p>` : ""}
<table><thead><tr><th>compile_id</th><th>when</th><th>status</th><th>version</th><th>target files</th><th>documents</th></tr></thead><tbody>
${page.rows.map((r) => html`<tr><td><a href="/audit/${encodeURIComponent(r.compile_id)}">${r.compile_id}</a></td><td>${r.created_at}</td><td>${r.status}</td><td>${r.knowledge_version}</td><td>${r.target_files.join(", ")}</td><td>${r.resolved}</td></tr>\n`)}
</tbody></table>${pager("/audit", req.page, page.total)}`;
}

export function compilePage(ctx: ArchonContext, compileId: string): Html | undefined {
  const a = readCompileLog(ctx.kdb.db, compileId);
  if (!a) return undefined;
  return html`<h2>Compile <code>${a.compile_id}</code></h2>
<p class="meta">${a.created_at}, ${a.status}${a.error ? `: ${a.error}` : ""}, knowledge_version ${a.knowledge_version}${a.snapshot_id ? `, snapshot ${a.snapshot_id}` : ""}, ${a.duration_ms} ms</p>
<h3>Request</h3><pre>${JSON.stringify(a.request, null, 2)}</pre>
<h3>Resolved documents</h3><p>${a.resolved_doc_ids.join(", ") || "none"}</p>
<h3>Delivery</h3><pre>${JSON.stringify(a.delivery, null, 2)}</pre>
${a.budget_drops.length > 0 ? html`<h3>Budget drops</h3><pre>${JSON.stringify(a.budget_drops, null, 2)}</pre>` : ""}`;
}
