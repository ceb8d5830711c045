import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Tests run on the sources; only tests that spawn a server over stdio use the built dist/.
export default defineConfig({
  resolve: {
    alias: {
      "@archon/core": fileURLToPath(new URL("./packages/core/src/index.ts", import.meta.url)),
      "archon/grounding": fileURLToPath(
        new URL("./packages/context-compiler/src/grounding/index.ts", import.meta.url),
      ),
    },
  },
  test: {
    include: ["packages/*/src/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
