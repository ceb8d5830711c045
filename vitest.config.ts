import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Tests run on the sources; only tests that spawn a server over stdio use the built dist/.
export default defineConfig({
  resolve: {
    // Exact names: "@archon/core" must not also rewrite "@archon/core/server" as a path under index.ts.
    alias: [
      {
        find: /^@archon\/core$/,
        replacement: fileURLToPath(new URL("./packages/core/src/index.ts", import.meta.url)),
      },
      {
        find: /^@archon\/core\/server$/,
        replacement: fileURLToPath(new URL("./packages/core/src/server.ts", import.meta.url)),
      },
      {
        find: /^@archon\/core\/files$/,
        replacement: fileURLToPath(new URL("./packages/core/src/files.ts", import.meta.url)),
      },
      {
        find: /^archon\/grounding$/,
        replacement: fileURLToPath(
          new URL("./packages/context-compiler/src/grounding/index.ts", import.meta.url),
        ),
      },
    ],
  },
  test: {
    include: ["packages/*/src/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
