// The web UI's defences: loopback Host only, the per-launch token as a strict cookie, same-origin writes.
import { timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { hostName, LOOPBACK_HOSTS } from "../vocabulary/loopback-hosts.js";

export const TOKEN_COOKIE = "archon_webui";
export const TOKEN_PARAM = "token";

/** Nothing the panel sends is loaded from elsewhere, framed, or kept: its pages carry the knowledge base. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
  "Cross-Origin-Resource-Policy": "same-origin",
};

const sameToken = (given: string | undefined, token: string) => {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `host[:port]` of a loopback name, on the port the panel listens on when that is known. */
export function isLoopbackHost(host: string | undefined, port: number | undefined): boolean {
  const name = hostName(host);
  if (name === undefined || !LOOPBACK_HOSTS.includes(name)) return false;
  return port === undefined || Number(/:(\d+)$/.exec(host ?? "")?.[1] ?? 80) === port;
}

const refuse = (status: 401 | 403, message: string) =>
  new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...SECURITY_HEADERS },
  });

/** A path on this origin: one leading slash, then anything but a slash or a backslash (or nothing). */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;
/** What a browser may read as another host or strips before resolving: backslashes, whitespace, controls. */
const UNSAFE_CHARACTER = /[\\\s\p{Cc}]/u;

/**
 * `target` when a browser sent to it stays on the panel, else `/`. A browser resolves `//host` (and
 * `/\host`, which it reads as `//host`) to another site, and a target that is safe as written may not be
 * once decoded, so every percent-decoded form must pass too; one that will not decode is refused.
 */
export function sameOriginTarget(target: string): string {
  let form = target;
  // Bounded: each round peels one layer of encoding, and a target that needs more is not a real link.
  for (let round = 0; round < 4; round++) {
    if (!SAME_ORIGIN_PATH.test(form) || UNSAFE_CHARACTER.test(form)) return "/";
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return "/";
    }
    if (decoded === form) return target;
    form = decoded;
  }
  return "/";
}

export interface GuardOptions {
  token: string;
  /** The port the server listens on, once known; undefined accepts any port on a loopback name (tests). */
  port?: () => number | undefined;
}

/**
 * Every request: a loopback Host (DNS rebinding gives a foreign name), then the token, from the cookie or
 * once from `?token=` (answered with the cookie and a redirect that drops it from the address bar).
 * Every non-GET also needs an Origin equal to the panel's own, so no other page can post to it.
 */
export function guard(options: GuardOptions): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header("host");
    if (!isLoopbackHost(host, options.port?.()))
      return refuse(
        403,
        "Refused: the web UI answers only to 127.0.0.1 or localhost (this Host header is not one).",
      );
    const url = new URL(c.req.url);
    const offered = url.searchParams.get(TOKEN_PARAM);
    if (c.req.method === "GET" && offered !== null) {
      if (!sameToken(offered, options.token))
        return refuse(
          401,
          "Refused: that token is not this launch's. Open the address `archon webui` printed.",
        );
      setCookie(c, TOKEN_COOKIE, options.token, { httpOnly: true, sameSite: "Strict", path: "/" });
      url.searchParams.delete(TOKEN_PARAM);
      const back = c.redirect(sameOriginTarget(`${url.pathname}${url.search}`), 303);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) back.headers.set(name, value);
      return back;
    }
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      if (c.req.header("origin") !== `http://${host}`)
        return refuse(
          403,
          "Refused: a change must come from the web UI's own page (the Origin does not match).",
        );
    }
    if (!sameToken(getCookie(c, TOKEN_COOKIE), options.token))
      return refuse(
        401,
        "Refused: no valid token. Open the address `archon webui` printed (it carries the token).",
      );
    await next();
    // A route may set a stricter or looser policy of its own (the graph page runs inline scripts).
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      if (!c.res.headers.has(name)) c.header(name, value);
  };
}
