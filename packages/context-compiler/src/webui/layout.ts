// The panel's page shell: navigation, the knowledge version, and the flash line an action answers with.
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export const NAV: readonly { path: string; label: string }[] = [
  { path: "/", label: "Proposals" },
  { path: "/observations", label: "Observations" },
  { path: "/conflicts", label: "Conflicts" },
  { path: "/documents", label: "Documents" },
  { path: "/standing-rules", label: "Standing rules" },
  { path: "/edges", label: "Edges" },
  { path: "/audit", label: "Compile log" },
  { path: "/graph", label: "Graph" },
];

/**
 * htmx reads its settings from this tag: a refusal (4xx) is swapped in like any answer, so its message
 * shows; no eval and no injected style element, which the page's Content-Security-Policy would block.
 */
const HTMX_CONFIG = JSON.stringify({
  allowEval: false,
  includeIndicatorStyles: false,
  selfRequestsOnly: true,
  responseHandling: [
    { code: "204", swap: false },
    { code: "[234]..", swap: true },
    { code: "...", swap: false, error: true },
  ],
});

export interface Flash {
  kind: "ok" | "error";
  text: string;
  hint?: string;
}

export const versionBadge = (version: number, oob = false) =>
  html`<span id="knowledge-version"${oob ? raw(' hx-swap-oob="true"') : ""}>knowledge_version ${version}</span>`;

export const flashLine = (flash: Flash | undefined) =>
  flash === undefined
    ? html`<div id="flash"></div>`
    : html`<div id="flash" class="flash ${flash.kind}" role="status"><p>${flash.text}</p>${flash.hint ? html`<p class="hint">${flash.hint}</p>` : ""}</div>`;

/** What an action answers: the page it acted on, re-rendered, with the flash line and the new version. */
export const fragment = (version: number, flash: Flash | undefined, main: Html) =>
  html`${flashLine(flash)}${main}${versionBadge(version, true)}`;

export function layout(options: { title: string; path: string; version: number; main: Html }): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="htmx-config" content="${HTMX_CONFIG}">
<title>${options.title} · archon</title>
<link rel="stylesheet" href="/assets/webui.css">
<script src="/assets/htmx.js"></script>
</head>
<body>
<header><strong>archon</strong> ${versionBadge(options.version)}
<nav>${NAV.map((n) => html`<a href="${n.path}"${n.path === options.path ? html` aria-current="page"` : ""}>${n.label}</a> `)}</nav>
</header>
<main id="main" hx-target="#main">${flashLine(undefined)}${options.main}</main>
</body>
</html>`;
}
