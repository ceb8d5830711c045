// The review pages: pending proposals with the diff each would apply, and a bundle with its preflight.
import { html } from "hono/html";
import { type ArchonContext, writeContext } from "../context/archon-context.js";
import { preflightProposalBundle } from "../knowledge/approval/bundle.js";
import { getProposalForReview } from "../knowledge/approval/proposal-views.js";
import { pendingBundles, proposalIdsPage } from "../store/graph-reads.js";
import type { Html } from "./layout.js";
import { pageRequest, pager } from "./pagination.js";
import { type DiffLine, proposalDiff } from "./proposal-diff.js";

const diffBlock = (lines: readonly DiffLine[]) =>
  html`<pre class="diff">${lines.map((l) => html`<span class="op-${l.op === "+" ? "add" : l.op === "-" ? "del" : l.op === "@" ? "hunk" : "same"}">${l.op === "@" ? "" : `${l.op} `}${l.text}</span>\n`)}</pre>`;

function proposalCard(ctx: ArchonContext, proposalId: string, inBundle: boolean): Html {
  const p = getProposalForReview(ctx.kdb.db, proposalId);
  if (!p) return html``;
  const open = p.conflicts.filter((c) => c.resolution === null);
  const decidable = p.status === "pending";
  return html`<article class="proposal" id="proposal-${p.proposal_id}" data-proposal="${p.proposal_id}">
<h3>${p.proposal_type} <code>${p.proposal_id}</code> <span class="status">${p.status}</span></h3>
<p class="meta">from ${p.source}, ${p.created_at}${p.bundle_id && !inBundle ? html`, bundle <a href="/bundles/${p.bundle_id}">${p.bundle_id}</a>` : ""}${p.evidence_observation_ids.length > 0 ? `, citing ${p.evidence_observation_ids.join(", ")}` : ""}</p>
${p.rationale ? html`<p>${p.rationale}</p>` : ""}
${p.secret_scan_warnings.length > 0 ? html`<p class="warning">Possible secrets: ${p.secret_scan_warnings.join(", ")}</p>` : ""}
${open.length > 0 ? html`<p class="warning">Unresolved conflict with ${open.map((c) => c.existing_doc_id).join(", ")}: <a href="/conflicts">answer it first</a>.</p>` : ""}
${diffBlock(proposalDiff(ctx.kdb.db, p))}
${
  decidable
    ? html`<div class="actions">
<form method="post" action="/proposals/${p.proposal_id}/approve" hx-post="/proposals/${p.proposal_id}/approve"><button type="submit" name="approve">Approve</button></form>
<form method="post" action="/proposals/${p.proposal_id}/reject" hx-post="/proposals/${p.proposal_id}/reject"><input name="comment" required placeholder="why it is rejected" aria-label="rejection comment"><button type="submit" name="reject">Reject</button></form>
</div>`
    : ""
}
</article>`;
}

/** Pending proposals oldest first, a page at a time, with the bundles they belong to. */
export function proposalsPage(ctx: ArchonContext, query: { page?: string }): Html {
  const req = pageRequest(query.page);
  const page = proposalIdsPage(ctx.kdb.db, "pending", req);
  const bundles = pendingBundles(ctx.kdb.db);
  return html`<h2>Pending proposals</h2>
${bundles.length > 0 ? html`<p>Bundles: ${bundles.map((b) => html`<a href="/bundles/${b.bundle_id}">${b.bundle_id}</a> (${b.pending} pending) `)}</p>` : ""}
${page.total === 0 ? html`<p class="empty">Nothing waits for review.</p>` : ""}
${page.rows.map((id) => proposalCard(ctx, id, false))}
${pager("/", req.page, page.total)}`;
}

/** A bundle's preflight (a dry run that cannot disagree with the approval) and its members. */
export function bundlePage(ctx: ArchonContext, bundleId: string): Html {
  const pre = preflightProposalBundle(writeContext(ctx), { bundle_id: bundleId });
  const o = pre.outcome;
  return html`<h2>Bundle <code>${pre.bundle_id}</code></h2>
<p>${pre.ready ? "Ready: approving applies every member below as one knowledge version." : "Not ready; approval would be refused."} knowledge_version ${pre.knowledge_version_before}${o ? ` → ${o.knowledge_version_after}` : ""}.</p>
${pre.problems.length > 0 ? html`<ul class="problems">${pre.problems.map((p) => html`<li>${p}</li>`)}</ul>` : ""}
${
  o
    ? html`<p>Documents added: ${o.documents_added.join(", ") || "none"}; updated: ${o.documents_updated.join(", ") || "none"}; removed: ${o.documents_removed.join(", ") || "none"}; edges added: ${o.edges_added.length}, removed: ${o.edges_removed.length}.</p>
<form method="post" action="/bundles/${pre.bundle_id}/approve" hx-post="/bundles/${pre.bundle_id}/approve"><button type="submit" name="approve-bundle">Approve the whole bundle</button></form>`
    : ""
}
<h3>In the order approval applies them</h3>
${pre.order.map((m) => proposalCard(ctx, m.proposal_id, true))}`;
}
