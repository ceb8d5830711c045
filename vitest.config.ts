import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// Tests run on the sources; only the "e2e" project's (NEEDS_MORE) also use the built dist/.

/**
 * Tests that need more than the sources: the built dist/ or its bundle (they spawn bin/*.js, or start the
 * background audit writer, whose worker runs from dist/), PostgreSQL or a browser. They make the "e2e"
 * project; the rest, "unit", runs with `npm run test:unit` and no build. A test that spawns the bundle is
 * named *.e2e.test.ts; the others are listed by name.
 */
const NEEDS_MORE = [
  "packages/*/src/**/*.e2e.test.ts",
  "packages/prd-pipeline/src/e2e/**/*.test.ts",
  "scripts/**/*.test.ts",
  // The packed packages installed in a scratch project, and the real clients run against them.
  "tests/**/*.test.ts",
  // The built bundle, spawned.
  "packages/context-compiler/src/cli/human-check.test.ts",
  "packages/context-compiler/src/services/plans-keep-rules.test.ts",
  "packages/prd-pipeline/src/cli/validate-command.test.ts",
  // The background audit writer's worker script (services/audit-thread.ts).
  "packages/context-compiler/src/services/audit-memory.test.ts",
  "packages/context-compiler/src/services/audit-queue.test.ts",
  "packages/context-compiler/src/services/commit-gate.test.ts",
  "packages/context-compiler/src/services/thread-priority.test.ts",
  // PostgreSQL, when ARCHON_TEST_DATABASE_URL or a local server offers it (bench/postgres-server.ts).
  "packages/context-compiler/src/store/team/contract.test.ts",
  "packages/context-compiler/src/store/team/open-team-repository.test.ts",
];

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
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where two halve the run.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // One module graph per worker instead of one per file: imports fell from 48 s to 10 s of the run.
          // Safe because no unit test mocks a module or patches a global; each makes its own project.
          isolate: false,
          include: ["packages/*/src/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...NEEDS_MORE],
        },
      },
      {
        extends: true,
        test: { name: "e2e", include: NEEDS_MORE },
      },
    ],
  },
});
