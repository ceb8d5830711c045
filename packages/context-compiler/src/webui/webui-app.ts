// The web UI as a Hono app: guarded routes over one admin context, pages rendered on the server.
import { describeError, UserError } from "@archon/core";
import { Hono } from "hono";
import { html } from "hono/html";
import type { ArchonContext } from "../context/archon-context.js";
import { htmxScript } from "../graph/vendor-scripts.js";
import { graphPage } from "../graph/write-graph.js";
import { readVersion } from "../store/version.js";
import { registerActions } from "./actions.js";
import { auditPage, compilePage } from "./audit.page.js";
import { conflictsPage, observationsPage } from "./backlog.page.js";
import { documentPage, documentsPageView, edgesPageView, standingRulesPage } from "./knowledge.page.js";
import { type Html, layout, NAV } from "./layout.js";
import { bundlePage, proposalsPage } from "./proposals.page.js";
import { guard } from "./security.js";
import { WEBUI_CSS } from "./webui-style.js";

export interface WebAppOptions {
  /** The per-launch secret a browser must present (as the cookie it is exchanged for). */
  token: string;
  /** The listening port once known, so a Host naming another port is refused too. */
  port?: () => number | undefined;
}

type Query = Record<string, string>;
type PageView = (ctx: ArchonContext, query: Query) => Html;

const LIST_PAGES: Record<string, PageView> = {
  "/": proposalsPage,
  "/observations": observationsPage,
  "/conflicts": conflictsPage,
  "/documents": documentsPageView,
  "/standing-rules": standingRulesPage,
  "/edges": edgesPageView,
  "/audit": auditPage,
};

const titleOf = (path: string) => NAV.find((n) => n.path === path)?.label ?? "Page";

/** The graph page runs its inlined d3 and script; it still may fetch nothing. */
const GRAPH_POLICY =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";

export function createWebApp(ctx: ArchonContext, options: WebAppOptions): Hono {
  const app = new Hono();
  app.use("*", guard(options));
  const page = (path: string, main: Html, title = titleOf(path)) =>
    layout({ title, path, version: readVersion(ctx.kdb.db), main });

  app.get("/assets/htmx.js", (c) =>
    c.body(htmxScript(), 200, { "Content-Type": "text/javascript; charset=utf-8" }),
  );
  app.get("/assets/webui.css", (c) => c.body(WEBUI_CSS, 200, { "Content-Type": "text/css; charset=utf-8" }));
  for (const [path, view] of Object.entries(LIST_PAGES))
    app.get(path, (c) => c.html(page(path, view(ctx, c.req.query()))));

  const detail = (path: string, render: (id: string) => Html | undefined) => (id: string) => {
    const main = render(id);
    return main === undefined ? undefined : page(path, main);
  };
  const doc = detail("/documents", (id) => documentPage(ctx, id));
  const compile = detail("/audit", (id) => compilePage(ctx, id));
  app.get("/documents/:id", (c) => {
    const body = doc(c.req.param("id"));
    return body === undefined ? c.notFound() : c.html(body);
  });
  app.get("/audit/:id", (c) => {
    const body = compile(c.req.param("id"));
    return body === undefined ? c.notFound() : c.html(body);
  });
  app.get("/bundles/:id", (c) => c.html(page("/", bundlePage(ctx, c.req.param("id")))));
  app.get("/graph", (c) =>
    c.html(graphPage(ctx.kdb.db, ctx.projectRoot).html, 200, { "Content-Security-Policy": GRAPH_POLICY }),
  );

  registerActions(app, ctx, {
    proposals: () => ({ path: "/", render: () => proposalsPage(ctx, {}) }),
    bundle: (id) => ({ path: `/bundles/${encodeURIComponent(id)}`, render: () => bundlePage(ctx, id) }),
    observations: (status) => ({
      path: `/observations?status=${encodeURIComponent(status)}`,
      render: () => observationsPage(ctx, { status }),
    }),
    conflicts: () => ({ path: "/conflicts", render: () => conflictsPage(ctx, {}) }),
  });

  app.notFound((c) =>
    c.html(page("", html`<h2>Not found</h2><p>Nothing is at ${c.req.path}.</p>`, "Not found"), 404),
  );
  app.onError((error, c) => {
    // A refusal is shown as what to do; anything else as its message, never a stack trace.
    const status = error instanceof UserError ? 409 : 500;
    return c.html(
      page(
        "",
        html`<h2>${status === 409 ? "Refused" : "Something went wrong"}</h2><pre>${describeError(error)}</pre>`,
        status === 409 ? "Refused" : "Error",
      ),
      status,
    );
  });
  return app;
}
