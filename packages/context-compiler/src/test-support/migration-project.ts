// A project the way teams have them before archon: a 20 KB AGENTS.md, a CLAUDE.md importing it, editor rules.
import { commitAll } from "./git.js";
import type { TestProject } from "./project.js";

const TOPICS = [
  "Architecture",
  "Testing",
  "Style",
  "Naming",
  "Errors",
  "Logging",
  "Security",
  "Database",
  "Migrations",
  "API design",
  "Frontend",
  "Accessibility",
  "Performance",
  "Caching",
  "Dependencies",
  "Releases",
  "Git workflow",
  "Code review",
  "Documentation",
  "Incidents",
];

/** One `##` section of about a kilobyte: rules that differ per topic, the way a long AGENTS.md reads. */
function section(topic: string, n: number): string {
  const lines = [`## ${topic}`, ""];
  for (let i = 1; i <= 9; i++)
    lines.push(
      `- ${topic} rule ${i}: keep ${topic.toLowerCase()} concerns in module ${n}-${i}, review them with the owning team, and write down why in the pull request.`,
    );
  return lines.join("\n");
}

/** The AGENTS.md sections as the import reads them back (each a rule body). */
export const AGENTS_SECTIONS = TOPICS.map((t, i) => section(t, i + 1));

export const NESTED_SECTIONS = [
  "## Components\n\nUse function components and keep hooks at the top.",
  "## Styling\n\nUse the design tokens from `apps/web/src/tokens.ts`; never hard-code colours.",
];

/** Rule bodies of the per-rule files (what follows the frontmatter). */
export const RULE_BODIES = {
  ".cursor/rules/web.mdc": "Wrap every page in the shared `Layout` component.",
  ".cursor/rules/always.mdc": "Write commit messages in English, in the imperative.",
  ".cursor/rules/security.mdc": "Never log tokens, passwords or session cookies.",
  ".github/instructions/api.instructions.md":
    "Validate every request body with zod before it reaches a handler.",
  ".claude/rules/x.md": "Run `npm test` before you say a change is done.",
} as const;

export const MIGRATION_FILES: Record<string, string> = {
  ".gitignore": ".archon/archon.db\nnode_modules/\n",
  "package.json": '{ "name": "shop", "private": true, "workspaces": ["apps/*", "packages/*"] }\n',
  "AGENTS.md": `# Shop monorepo\n\n${AGENTS_SECTIONS.join("\n\n")}\n`,
  "CLAUDE.md": "@AGENTS.md\n",
  "apps/web/AGENTS.md": `${NESTED_SECTIONS.join("\n\n")}\n`,
  "apps/web/src/page.tsx": "export default function Page() { return null; }\n",
  "packages/api/src/routes/orders.ts": "export const orders = [];\n",
  ".cursor/rules/web.mdc": `---\ndescription: Web pages\nglobs: apps/web/**/*.tsx\nalwaysApply: false\n---\n${RULE_BODIES[".cursor/rules/web.mdc"]}\n`,
  ".cursor/rules/always.mdc": `---\ndescription: House rules\nalwaysApply: true\n---\n${RULE_BODIES[".cursor/rules/always.mdc"]}\n`,
  ".cursor/rules/security.mdc": `---\ndescription: Use when touching authentication\n---\n${RULE_BODIES[".cursor/rules/security.mdc"]}\n`,
  ".github/instructions/api.instructions.md": `---\napplyTo: "packages/api/**"\n---\n${RULE_BODIES[".github/instructions/api.instructions.md"]}\n`,
  ".claude/rules/x.md": `${RULE_BODIES[".claude/rules/x.md"]}\n`,
};

/** Writes the files and commits them, so git sees a clean work tree. */
export function writeMigrationProject(project: TestProject): void {
  for (const [path, text] of Object.entries(MIGRATION_FILES)) project.write(path, text);
  commitAll(project.root, "before archon", true);
}
