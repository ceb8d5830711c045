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

/** Takes anything with `write` (a TestProject), so this module stays free of test-support imports. */
export function writeRealisticProject(project: { write(path: string, content: string): unknown }): void {
  for (const [path, content] of Object.entries(REALISTIC_FILES)) project.write(path, content);
}
