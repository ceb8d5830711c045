// Long lists in pages of PAGE_SIZE: the page asked for (clamped), and the links to the pages around it.
import { html } from "hono/html";
import type { PageRequest } from "../store/graph-reads.js";

export const PAGE_SIZE = 25;

/** `?page=N` from 1; anything else is page 1, so a hand-edited address never errors. */
export function pageRequest(raw: string | undefined, size = PAGE_SIZE): PageRequest & { page: number } {
  const n = Number(raw);
  const page = Number.isInteger(n) && n >= 1 ? n : 1;
  return { page, offset: (page - 1) * size, limit: size };
}

export function pager(path: string, page: number, total: number, size = PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages === 1) return html`<p class="pager">${total} in all</p>`;
  const sep = path.includes("?") ? "&" : "?";
  const link = (to: number, label: string) => html`<a href="${path}${sep}page=${to}">${label}</a>`;
  return html`<p class="pager">${page > 1 ? link(page - 1, "← previous") : ""} page ${page} of ${pages} (${total} in all) ${page < pages ? link(page + 1, "next →") : ""}</p>`;
}
