// The browser libraries the pages inline, read from their npm packages at run time: no CDN, no build step.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/**
 * The d3 modules the graph page draws with, each after the modules its UMD bundle looks up on the
 * global `d3` (selection before transition, transition before zoom), so one script tag can follow another.
 */
export const D3_MODULES = [
  "d3-dispatch",
  "d3-quadtree",
  "d3-timer",
  "d3-color",
  "d3-interpolate",
  "d3-ease",
  "d3-selection",
  "d3-transition",
  "d3-drag",
  "d3-zoom",
  "d3-force",
] as const;

/** A d3 package exports only its entry point; its minified UMD bundle sits beside it in dist/. */
const d3Bundle = (name: string) => join(dirname(require.resolve(name)), `${name}.min.js`);

export interface VendorScript {
  name: string;
  text: string;
}

let d3Cache: readonly VendorScript[] | undefined;
let htmxCache: string | undefined;

/** The d3 UMD bundles in load order; read once per process (the installed files do not change under it). */
export function d3Scripts(): readonly VendorScript[] {
  d3Cache ??= D3_MODULES.map((name) => ({ name, text: readFileSync(d3Bundle(name), "utf8") }));
  return d3Cache;
}

/** htmx's minified bundle, which the web UI serves from its own origin. */
export function htmxScript(): string {
  htmxCache ??= readFileSync(require.resolve("htmx.org/dist/htmx.min.js"), "utf8");
  return htmxCache;
}
