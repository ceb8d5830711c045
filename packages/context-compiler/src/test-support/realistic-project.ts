// Instruction files written the way real projects have them, for the import-rules tests.

export const REALISTIC_FILES: Record<string, string> = {
  "CLAUDE.md": [
    "# Project guide",
    "",
    "This is a pnpm monorepo with a Next.js app and an API package.",
    "",
    "## Testing",
    "Run `pnpm test` before pushing. Never commit failing tests.",
    "",
    "## Style",
    "Prefer named exports and short modules.",
    "",
  ].join("\n"),
  "packages/api/AGENTS.md": [
    "## Database access",
    "All queries go through `src/db/`. Do not write raw SQL in route handlers.",
    "",
  ].join("\n"),
  "apps/web/.cursor/rules/react.mdc": [
    "---",
    "description: React component rules",
    "globs: src/**/*.{ts,tsx}, !src/**/*.stories.tsx",
    "alwaysApply: false",
    "---",
    "- Use function components.",
    "- Keep hooks at the top.",
    "",
  ].join("\n"),
  ".cursor/rules/frontend/forms.mdc": [
    "---",
    "description: Forms",
    'globs: ["apps/web/src/forms/**", "*.form.ts"]',
    "---",
    "Validate every form with zod before submit.",
  ].join("\n"),
  ".cursor/rules/always.mdc":
    "---\r\ndescription: House rules\r\nalwaysApply: true\r\n---\r\nWrite commit messages in English.\r\n",
  ".cursor/rules/security.mdc": [
    "---",
    "description: Use when touching authentication",
    "---",
    "Never log tokens or passwords.",
  ].join("\n"),
  ".cursor/rules/duplicated.mdc": [
    "---",
    "description: Logging",
    "---",
    "---",
    "description: Logging",
    "globs: server/**",
    "---",
    "Use the shared logger, not console.log.",
  ].join("\n"),
  ".github/copilot-instructions.md": "Answer in English. Use TypeScript strict mode.\n",
  ".github/instructions/api.instructions.md": [
    "---",
    'applyTo: "packages/api/**/*.ts,packages/api/**/*.sql"',
    "---",
    "Every endpoint validates its input.",
  ].join("\n"),
  ".claude/rules/testing.md": [
    "---",
    "paths:",
    "  - src/**/*.test.ts",
    "  - tests/**",
    "---",
    "# Tests",
    "Use vitest fixtures, not mocks.",
  ].join("\n"),
  ".claude/rules/general.md": "Keep functions small.\n",
  "node_modules/some-lib/CLAUDE.md": "## Vendor\nNot ours.\n",
  "dist/AGENTS.md": "## Built\nNot ours.\n",
  "docs/notes.md": "## Not an instruction file\nIgnored by import-rules.\n",
};

/**
 * A Next.js monorepo's own files before `archon setup` deploys into it: AGENTS.md is the shared guide
 * that CLAUDE.md and GEMINI.md import, beside Cursor, Copilot, Windsurf and Kiro rules. Deploying then
 * appends archon's block to AGENTS.md and CLAUDE.md and adds its own Cursor rule and skills.
 */
export const MONOREPO_FILES: Record<string, string> = {
  "AGENTS.md": [
    "# Acme monorepo",
    "",
    "A Next.js app in `apps/web` and an API in `services/api`, built with pnpm workspaces.",
    "",
    "## Commands",
    "Install with `pnpm install`; run one package with `pnpm --filter`.",
    "",
    "## Testing",
    "Run `pnpm test` before pushing. Never commit failing tests.",
    "",
    "## Pull requests",
    "Keep pull requests small and describe the why.",
    "",
  ].join("\n"),
  "CLAUDE.md": "@AGENTS.md\n",
  "GEMINI.md": "@AGENTS.md\n\n## Answers\nAnswer in short paragraphs.\n",
  "apps/web/AGENTS.md": "## Components\nUse server components unless the component needs state.\n",
  ".cursor/rules/api-handlers.mdc": [
    "---",
    "description: API route handlers",
    "globs: services/api/**/*.ts",
    "alwaysApply: false",
    "---",
    "Validate every request body with zod.",
    "",
  ].join("\n"),
  ".cursor/rules/house.mdc":
    "---\ndescription: House rules\nalwaysApply: true\n---\nWrite commit messages in English.\n",
  ".cursor/rules/auth.mdc": [
    "---",
    "description: Changing sign-in, sessions or tokens",
    "alwaysApply: false",
    "---",
    "Never log tokens. Rotate refresh tokens on every use.",
    "",
  ].join("\n"),
  ".cursor/rules/logging.mdc": [
    "---",
    "description: Logging",
    "---",
    "---",
    "globs: services/**",
    "---",
    "Use the shared logger, not console.log.",
    "",
  ].join("\n"),
  ".github/copilot-instructions.md": "Answer in English. Use TypeScript strict mode.\n",
  ".github/instructions/api.instructions.md": [
    "---",
    'applyTo: "services/api/**"',
    "---",
    "Every endpoint returns typed errors.",
    "",
  ].join("\n"),
  ".github/instructions/migrations.instructions.md": [
    "# Database migrations",
    "",
    "Never edit a migration that has shipped; add a new one.",
    "",
  ].join("\n"),
  ".windsurf/rules/styling.md": [
    "---",
    "trigger: model_decision",
    "description: Styling React components with Tailwind",
    "---",
    "Use Tailwind utility classes; no inline styles.",
    "",
  ].join("\n"),
  ".kiro/steering/releases.md": [
    "---",
    "inclusion: manual",
    "---",
    "# Cutting a release",
    "",
    "Tag from main only, after the changelog is merged.",
    "",
  ].join("\n"),
};

type Writable = { write(path: string, content: string): unknown };

/** Takes anything with `write` (a TestProject), so this module stays free of test-support imports. */
export function writeRealisticProject(project: Writable): void {
  for (const [path, content] of Object.entries(REALISTIC_FILES)) project.write(path, content);
}

export function writeMonorepo(project: Writable): void {
  for (const [path, content] of Object.entries(MONOREPO_FILES)) project.write(path, content);
}
