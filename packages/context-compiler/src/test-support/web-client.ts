// Requests to the web UI app in-process, as its own page would send them unless a test says otherwise.
import type { Hono } from "hono";
import { TOKEN_COOKIE } from "../webui/security.js";

export const WEB_HOST = "127.0.0.1:4173";

export interface RequestShape {
  /** Send the launch token's cookie (default true). */
  cookie?: boolean;
  host?: string;
  /** The Origin header of a write; null sends none (default: the panel's own). */
  origin?: string | null;
  /** Send it as htmx does (default true). */
  htmx?: boolean;
}

const htmlText = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

export function webClient(app: Hono, token: string) {
  const headers = (shape: RequestShape) => ({
    host: shape.host ?? WEB_HOST,
    ...(shape.cookie === false ? {} : { cookie: `${TOKEN_COOKIE}=${token}` }),
  });
  return {
    get: (path: string, shape: RequestShape = {}) =>
      app.request(`http://${WEB_HOST}${path}`, { headers: headers(shape) }),
    post: (path: string, form: Record<string, string>, shape: RequestShape = {}) => {
      const origin = shape.origin === undefined ? `http://${shape.host ?? WEB_HOST}` : shape.origin;
      return app.request(`http://${WEB_HOST}${path}`, {
        method: "POST",
        body: new URLSearchParams(form),
        headers: {
          ...headers(shape),
          "content-type": "application/x-www-form-urlencoded",
          ...(origin === null ? {} : { origin }),
          ...(shape.htmx === false ? {} : { "hx-request": "true" }),
        },
      });
    },
    /** The diff lines shown for one proposal on a page, as text. */
    diffOf(page: string, proposalId: string): string[] {
      const card = page.split(`data-proposal="${proposalId}"`)[1]?.split("</article>")[0] ?? "";
      const pre = /<pre class="diff">([\s\S]*?)<\/pre>/.exec(card)?.[1] ?? "";
      return [...pre.matchAll(/<span class="op-[a-z]+">([^<]*)<\/span>/g)].map((m) =>
        htmlText(m[1] as string),
      );
    },
  };
}
