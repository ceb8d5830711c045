// The backlog pages: observations to triage and conflicts waiting for a person's answer.
import { html } from "hono/html";
import type { ArchonContext } from "../context/archon-context.js";
import { observationIdsPage, unansweredConflictsPage } from "../store/graph-reads.js";
import { getObservation, type Observation } from "../store/observations.js";
import { getProposal, proposalsCiting } from "../store/proposals.js";
import { CONFLICT_RESOLUTIONS } from "../vocabulary/lifecycle.js";
import type { Html } from "./layout.js";
import { pageRequest, pager } from "./pagination.js";

const STATUSES: readonly Observation["status"][] = ["new", "analyzed", "archived"];

export function observationsPage(ctx: ArchonContext, query: { page?: string; status?: string }): Html {
  const status = STATUSES.find((s) => s === query.status) ?? "new";
  const req = pageRequest(query.page);
  const page = observationIdsPage(ctx.kdb.db, status, req);
  const rows = page.rows.map((id) => getObservation(ctx.kdb.db, id)).filter((o) => o !== undefined);
  return html`<h2>Observations</h2>
<p>${STATUSES.map((s) => (s === status ? html`<strong>${s}</strong> ` : html`<a href="/observations?status=${s}">${s}</a> `))}</p>
${page.total === 0 ? html`<p class="empty">No ${status} observations.</p>` : ""}
<form method="post" action="/observations/archive" hx-post="/observations/archive">
<input type="hidden" name="status" value="${status}">
<table><thead><tr><th></th><th>observation_id</th><th>event</th><th>when</th><th>payload</th><th>cited by</th></tr></thead><tbody>
${rows.map(
  (o) =>
    html`<tr><td>${o.status === "archived" ? "" : html`<input type="checkbox" name="observation_id" value="${o.observation_id}" aria-label="select ${o.observation_id}">`}</td><td><code>${o.observation_id}</code></td><td>${o.event_type}</td><td>${o.created_at}</td><td><code>${JSON.stringify(o.payload)}</code></td><td>${proposalsCiting(ctx.kdb.db, o.observation_id).join(", ")}</td></tr>\n`,
)}
</tbody></table>
${status === "archived" ? "" : html`<button type="submit" name="archive">Archive the selected observations</button>`}
</form>${pager(`/observations?status=${status}`, req.page, page.total)}`;
}

const LABELS: Record<(typeof CONFLICT_RESOLUTIONS)[number], string> = {
  keep_both: "Keep both",
  supersede: "Supersede the existing rule",
  cancel: "Cancel the proposal",
};

export function conflictsPage(ctx: ArchonContext, query: { page?: string }): Html {
  const req = pageRequest(query.page);
  const page = unansweredConflictsPage(ctx.kdb.db, req);
  return html`<h2>Conflicts</h2>
<p>A proposal that may collide with an existing rule waits for your answer before it can be approved.</p>
${page.total === 0 ? html`<p class="empty">No conflict waits for an answer.</p>` : ""}
${page.rows.map((c) => {
  const p = getProposal(ctx.kdb.db, c.proposal_id);
  const title = p && typeof p.payload.title === "string" ? p.payload.title : "";
  return html`<article class="conflict" data-conflict="${c.conflict_id}">
<p>Proposal <code>${c.proposal_id}</code> ${title ? html`(${title})` : ""} against <a href="/documents/${encodeURIComponent(c.existing_doc_id)}">${c.existing_doc_id}</a></p>
<div class="actions">${CONFLICT_RESOLUTIONS.map(
    (r) =>
      html`<form method="post" action="/conflicts/resolve" hx-post="/conflicts/resolve"><input type="hidden" name="proposal_id" value="${c.proposal_id}"><input type="hidden" name="existing_doc_id" value="${c.existing_doc_id}"><button type="submit" name="resolution" value="${r}">${LABELS[r]}</button></form>`,
  )}</div>
</article>`;
})}
${pager("/conflicts", req.page, page.total)}`;
}
