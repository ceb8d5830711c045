// Bundles the built `archon` command (dist/, from tsc) into a few files in dist/bundle/, which bin/archon.js
// loads. Node resolves, reads and compiles each ES module on its own: the server and the prompt hook loaded
// about 500 of them on every start, most of its start time. Only our own code and the pure-JavaScript
// packages below go in; anything else (native addons, WebAssembly, files a package finds beside itself)
// stays an ordinary import. The bundle sits two folders deep, like the modules it holds, so their paths
// relative to `import.meta.url` (templates/, queries/, skills/, agents/, bin/) still point where they did.
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));

/** Entry points: what bin/archon.js imports, and the audit writer's worker thread (audit-thread.ts). */
const entries = {
  main: `${dist}cli/main.js`,
  "hook-deadline": `${dist}cli/hook-deadline.js`,
  "record-read-hook": `${dist}hooks/record-read-hook.js`,
  "audit-worker": `${dist}services/audit-worker.js`,
};

const BUNDLED = new Set([
  // The syntax helpers rolldown embeds itself (its tagged templates keep `</script>` in html`` intact).
  "@oxc-project/runtime",
  "@archon/core",
  "@modelcontextprotocol/sdk",
  "ajv",
  "ajv-formats",
  "commander",
  "diff",
  "fast-deep-equal",
  "fast-uri",
  "json-schema-traverse",
  "picomatch",
  "yaml",
  "zod",
  "zod-to-json-schema",
]);

/** A bare specifier's package name: `zod/v4/core` → `zod`, `@scope/pkg/x` → `@scope/pkg`. */
function packageOf(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

const isBare = (id) => !id.startsWith(".") && !id.startsWith("/") && !id.startsWith("\0");

const out = `${dist}bundle`;
rmSync(out, { recursive: true, force: true });
const bundle = await rolldown({
  input: entries,
  platform: "node",
  external: (id) => isBare(id) && (id.startsWith("node:") || !BUNDLED.has(packageOf(id))),
  logLevel: "warn",
});
await bundle.write({
  dir: out,
  format: "esm",
  entryFileNames: "[name].js",
  chunkFileNames: "chunk-[hash].js",
});
await bundle.close();
