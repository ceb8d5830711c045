// A monorepo shaped like the one export-rules broke: a hand-written AGENTS.md, apps/web and apps/api, scoped and big rules.
import type { SeedDocument } from "../knowledge/seed-file.js";
import { doc, seed, type TestProject } from "./project.js";

export const USER_AGENTS_MD =
  "# Working here\n\nRun `pnpm test` before pushing.\n\n## Reviews\n\nKeep pull requests small.\n";

export const MONOREPO_RULES: SeedDocument[] = [
  doc("api-errors", { title: "API errors", patterns: ["apps/api/**"], content: "Return typed errors." }),
  doc("house-style", { title: "House style", patterns: ["**"], content: "Write short functions." }),
  doc("release-notes", {
    title: "Release notes",
    description: "writing or editing release notes or the changelog",
    content: "Lead with what changed for users.",
  }),
  doc("web-components", {
    title: "Web components",
    patterns: ["apps/web/**"],
    content: "One component per file.",
  }),
  doc("web-typescript", {
    title: "Web TypeScript",
    patterns: ["apps/web/**/*.ts"],
    content: "No default exports.",
  }),
];

/** `count` rules of a little over 1 KB each, every one a different size so "largest first" is a total order. */
export function bigRules(count: number, patterns: string[]): SeedDocument[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, "0");
    const line = `Rule ${n} says: keep this module's public surface small and documented.`;
    return doc(`big-${n}`, {
      title: `Big rule ${n}`,
      patterns,
      content: `${Array.from({ length: 14 }, () => line).join("\n")}\n${"x".repeat(i * 3)}`,
    });
  });
}

/** Folders with a file in them (so they exist), the user's AGENTS.md unless `agentsMd` is null, and the rules. */
export function monorepo(
  project: TestProject,
  extra: SeedDocument[] = [],
  agentsMd: string | null = USER_AGENTS_MD,
) {
  if (agentsMd !== null) project.write("AGENTS.md", agentsMd);
  project.write("apps/web/src/index.ts", "export const web = 1;\n");
  project.write("apps/api/src/server.ts", "export const api = 1;\n");
  const ctx = project.context("admin");
  seed(ctx, { documents: [...MONOREPO_RULES, ...extra] });
  return ctx;
}
