// Bundles each built command (dist/, from tsc) into a few files in its package's dist/bundle/, which its
// bin/ script loads. Node resolves, reads and compiles each ES module on its own: `archon` loaded about
// 500 of them on every start of its server, a hook or a command, and that was most of the start time.
// Only our own code and the pure-JavaScript packages below go in; anything else (native addons,
// WebAssembly, files a package finds beside itself) stays an ordinary import. A bundle sits two folders
// deep, like the modules it holds, and archon's modules find their package's files by its name
// (package-files.ts), so nothing they read moves.
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";

const packages = fileURLToPath(new URL("../packages/", import.meta.url));

/** Per command: the entry points its bin/ script imports, and worker threads it starts by file. */
const COMMANDS = [
  {
    dist: `${packages}context-compiler/dist/`,
    entries: {
      main: "cli/main.js",
      "hook-deadline": "cli/hook-deadline.js",
      "record-read-hook": "hooks/record-read-hook.js",
      // The audit writer's thread (services/audit-thread.ts starts ./audit-worker.js beside itself).
      "audit-worker": "services/audit-worker.js",
    },
  },
  { dist: `${packages}prd-pipeline/dist/`, entries: { main: "cli/main.js" } },
  // The benchmark's floor server (dist/bench/bundle/, not shipped): it loads the SDK as archon does, bundled.
  { dist: `${packages}context-compiler/dist/bench/`, entries: { "bare-server": "bare-server.js" } },
];

const BUNDLED = new Set([
  // The syntax helpers rolldown embeds itself (its tagged templates keep `</script>` in html`` intact).
  "@oxc-project/runtime",
  "@archon/core",
  // archon-prd's grounding modules (archon/grounding).
  "archon",
  "@modelcontextprotocol/sdk",
  "ajv",
  "ajv-formats",
  "commander",
  "diff",
  "fast-deep-equal",
  "fast-uri",
  "json-schema-traverse",
  "picomatch",
  "smol-toml",
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

for (const { dist, entries } of COMMANDS) {
  const out = `${dist}bundle`;
  rmSync(out, { recursive: true, force: true });
  const bundle = await rolldown({
    input: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, `${dist}${file}`])),
    platform: "node",
    // archon's package exports only its package.json: the grounding modules archon-prd calls are found
    // by path and bundled into archon-prd.
    resolve: { alias: { "archon/grounding": `${packages}context-compiler/dist/grounding/index.js` } },
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
}
