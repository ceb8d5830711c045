// A repository shaped like the ones users bring to Archon, for the context-cost benchmark and the
// end-to-end migration test: a Next.js monorepo with a 20 KB AGENTS.md, a CLAUDE.md that is only
// `@AGENTS.md`, a nested AGENTS.md in apps/web, Cursor rules (scoped, always-on, description-only, one
// with its frontmatter block repeated), Copilot instructions with and without applyTo, and a Claude rule.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

interface Topic {
  heading: string;
  /** Sentences in the topic's own words; repeated as bullets until the section reaches its size. */
  lines: string[];
}

/** The root AGENTS.md: sixteen project-wide sections of about 1.25 KB each. */
const ROOT_TOPICS: Topic[] = [
  {
    heading: "Repository layout",
    lines: [
      "The web app lives in apps/web and the database package in packages/db.",
      "Shared UI components live in packages/ui; never import across apps.",
      "Scripts in tools/ are run with pnpm exec, not node directly.",
    ],
  },
  {
    heading: "Commands",
    lines: [
      "Install with pnpm install --frozen-lockfile.",
      "Run pnpm dev for the web app and pnpm db:migrate for migrations.",
      "Run pnpm lint and pnpm typecheck before every commit.",
    ],
  },
  {
    heading: "Testing",
    lines: [
      "Unit tests use vitest and sit next to the code as *.test.ts files.",
      "End-to-end tests use Playwright under apps/web/e2e.",
      "Never mock the database in integration tests; use the test container.",
    ],
  },
  {
    heading: "TypeScript style",
    lines: [
      "Strict mode is on; never use any, prefer unknown and narrow it.",
      "Prefer named exports; default exports only for Next.js pages.",
      "Keep modules under 250 lines and name files in kebab-case.",
    ],
  },
  {
    heading: "Error handling",
    lines: [
      "Throw AppError with a code from lib/errors; never throw strings.",
      "Route handlers turn AppError into the JSON error envelope.",
      "Log unexpected errors once, at the boundary, with the request id.",
    ],
  },
  {
    heading: "API routes",
    lines: [
      "API routes live under apps/web/app/api and validate input with zod.",
      "Every list endpoint uses cursor pagination with an opaque cursor.",
      "Responses use the { data, error } envelope and ISO 8601 dates.",
    ],
  },
  {
    heading: "Database access",
    lines: [
      "All queries go through packages/db; never write SQL in route handlers.",
      "Use transactions for multi-row writes and keep them short.",
      "Every query that filters by tenant uses the tenant_id index.",
    ],
  },
  {
    heading: "Migrations",
    lines: [
      "Migrations are forward-only SQL files in packages/db/migrations.",
      "Never edit a migration that has shipped; add a new one.",
      "Backfill large tables in batches of 1000 rows in a separate job.",
    ],
  },
  {
    heading: "Authentication",
    lines: [
      "Sessions come from lib/auth; never read cookies directly.",
      "Check permissions with can(user, action, resource) in every handler.",
      "Never log tokens, passwords or session ids.",
    ],
  },
  {
    heading: "Security",
    lines: [
      "Secrets come from the environment through lib/env, validated at start.",
      "Sanitize user HTML with the shared sanitizer before rendering.",
      "Rate-limit every public endpoint with the middleware in lib/rate-limit.",
    ],
  },
  {
    heading: "Performance",
    lines: [
      "Server components fetch data; client components stay small.",
      "Images go through next/image with explicit sizes.",
      "Cache expensive reads with unstable_cache and a tag per entity.",
    ],
  },
  {
    heading: "Accessibility",
    lines: [
      "Every interactive element is reachable by keyboard.",
      "Form fields have labels; icons that act as buttons have aria-label.",
      "Colour is never the only way information is shown.",
    ],
  },
  {
    heading: "Logging and observability",
    lines: [
      "Use the logger from lib/logger; never console.log in committed code.",
      "Every log line carries the request id and the tenant id.",
      "Metrics names use snake_case and the service prefix.",
    ],
  },
  {
    heading: "Git workflow",
    lines: [
      "Branch from main; name branches type/short-description.",
      "Commit messages use the imperative mood and explain why.",
      "Rebase on main before opening a pull request; never force-push main.",
    ],
  },
  {
    heading: "Pull request review",
    lines: [
      "A pull request changes one thing and says how it was tested.",
      "Screenshots for every UI change, before and after.",
      "Reviewers check migrations and permissions first.",
    ],
  },
  {
    heading: "Dependencies",
    lines: [
      "Add a dependency only after checking its licence and size.",
      "Pin exact versions in package.json and commit the lock file.",
      "Remove a dependency in the same pull request that stops using it.",
    ],
  },
];

const WEB_TOPICS: Topic[] = [
  {
    heading: "Components",
    lines: [
      "Components in apps/web/components are function components with typed props.",
      "Use the Button and Input primitives from packages/ui.",
      "Keep hooks at the top of the component and effects minimal.",
    ],
  },
  {
    heading: "Routing",
    lines: [
      "Pages use the app router; loading and error states have their own files.",
      "Links use next/link; never build URLs by string concatenation.",
    ],
  },
  {
    heading: "Styling",
    lines: [
      "Style with Tailwind classes; no inline style objects.",
      "Spacing and colours come from the design tokens in tailwind.config.ts.",
    ],
  },
];

function section(topic: Topic, bytes: number): string {
  const out = [`## ${topic.heading}`, ""];
  let size = out.join("\n").length;
  for (let i = 0; size < bytes; i++) {
    const line = `- ${topic.lines[i % topic.lines.length]}${i >= topic.lines.length ? ` (${topic.heading.toLowerCase()}, rule ${i + 1})` : ""}`;
    out.push(line);
    size += line.length + 1;
  }
  return out.join("\n");
}

const mdc = (front: string[], body: string) => ["---", ...front, "---", body, ""].join("\n");

/** Cursor rules: three scoped, one always-on, six applied by the agent from their description, one repeated header. */
const CURSOR_RULES: Record<string, string> = {
  "react-components.mdc": mdc(
    ["description: React component rules", "globs: apps/web/components/**/*.tsx", "alwaysApply: false"],
    section(WEB_TOPICS[0] as Topic, 900),
  ),
  "db-queries.mdc": mdc(
    [
      "description: Query rules for the database package",
      "globs: packages/db/src/**/*.ts",
      "alwaysApply: false",
    ],
    section(
      {
        heading: "Queries",
        lines: [
          "Build queries with the typed query builder, never string templates.",
          "Select only the columns you need.",
          "Every write returns the updated row.",
        ],
      },
      900,
    ),
  ),
  "tests.mdc": mdc(
    ["description: How tests are written", "globs: **/*.test.ts,**/*.test.tsx", "alwaysApply: false"],
    section(
      {
        heading: "Tests",
        lines: [
          "One describe per behaviour; test names are sentences.",
          "Build fixtures in the test; no shared mutable state.",
          "Assert on whole results, not on one field at a time.",
        ],
      },
      800,
    ),
  ),
  "house-style.mdc": mdc(
    ["description: House style", "alwaysApply: true"],
    section(
      {
        heading: "House style",
        lines: ["Write comments that say why, not what.", "Prefer small pure functions over classes."],
      },
      400,
    ),
  ),
  "posthog-flags.mdc": mdc(
    ["description: PostHog feature flags: gating unreleased features", "alwaysApply: false"],
    section(
      {
        heading: "Feature flags",
        lines: [
          "Gate unreleased features with a PostHog feature flag read through lib/flags.",
          "Flag keys are kebab-case and named after the feature.",
          "Remove the flag and its dead branch within two weeks of full rollout.",
        ],
      },
      1500,
    ),
  ),
  "weekly-digest.mdc": mdc(
    ["description: Weekly digest email: building and scheduling it", "alwaysApply: false"],
    section(
      {
        heading: "Weekly digest",
        lines: [
          "The weekly digest email is built in lib/digest from the last seven days of activity.",
          "The digest job runs on Monday at 08:00 in the user's time zone.",
          "Users without activity get no digest email.",
        ],
      },
      1800,
    ),
  ),
  "analytics-events.mdc": mdc(
    ["description: Analytics events tracking conventions", "alwaysApply: false"],
    section(
      {
        heading: "Analytics events",
        lines: [
          "Track analytics events with track() from lib/analytics, never the SDK directly.",
          "Event names are Object Action in past tense: Invoice Sent.",
          "Never put personal data in event properties.",
        ],
      },
      1500,
    ),
  ),
  "i18n-copy.mdc": mdc(
    ["description: Translations and user-facing copy", "alwaysApply: false"],
    section(
      {
        heading: "Translations",
        lines: [
          "All user-facing copy goes through t() with a key in messages/en.json.",
          "Never concatenate translated strings; use ICU placeholders.",
          "Translations for new keys are added in the same pull request.",
        ],
      },
      1400,
    ),
  ),
  "stripe-billing.mdc": mdc(
    ["description: Stripe billing webhooks and subscriptions", "alwaysApply: false"],
    section(
      {
        heading: "Billing",
        lines: [
          "Stripe webhooks are verified with the signing secret before anything else.",
          "Webhook handlers are idempotent on the Stripe event id.",
          "Subscription state is read from our database, never from Stripe at request time.",
        ],
      },
      2000,
    ),
  ),
  // The header block was pasted twice: Cursor reads only the first, so the globs of the second do nothing.
  "storybook.mdc": [
    "---",
    "description: Storybook stories",
    "alwaysApply: false",
    "---",
    "---",
    "description: Storybook stories",
    "globs: apps/web/**/*.stories.tsx",
    "---",
    section(
      {
        heading: "Stories",
        lines: [
          "Every component in packages/ui has a story with its states.",
          "Stories use args, not hard-coded props.",
        ],
      },
      600,
    ),
    "",
  ].join("\n"),
};

const COPILOT: Record<string, string> = {
  ".github/copilot-instructions.md": "Answer in English. This is a TypeScript monorepo; follow AGENTS.md.\n",
  ".github/instructions/api-routes.instructions.md": mdc(
    ['applyTo: "apps/web/app/api/**/*.ts"'],
    section(
      {
        heading: "API route handlers",
        lines: [
          "Parse the request body with the route's zod schema first.",
          "Return NextResponse.json with the envelope and an explicit status.",
          "Handlers stay thin: business logic lives in lib/services.",
        ],
      },
      1200,
    ),
  ),
  ".github/instructions/migrations.instructions.md": mdc(
    ['applyTo: "packages/db/migrations/**"'],
    section(
      {
        heading: "Writing migrations",
        lines: [
          "Name migration files NNN_short_description.sql.",
          "Every new table has created_at and updated_at columns.",
          "Add indexes concurrently on large tables.",
        ],
      },
      1000,
    ),
  ),
  ".github/instructions/release-notes.instructions.md": mdc(
    ["description: Writing release notes"],
    section(
      {
        heading: "Release notes",
        lines: [
          "Release notes are written for customers, not engineers.",
          "Group release notes changes by product area.",
        ],
      },
      700,
    ),
  ),
};

/** Source files the benchmark compiles for, with the one-line plan an agent would give. */
export const REALISTIC_TARGETS: { file: string; plan: string }[] = [
  { file: "apps/web/app/api/users/route.ts", plan: "add cursor pagination to the users API route" },
  { file: "apps/web/components/Button.tsx", plan: "add a loading state to the Button component" },
  { file: "apps/web/lib/flags.ts", plan: "gate the new onboarding behind a PostHog feature flag" },
  { file: "packages/db/migrations/002_digest.sql", plan: "add a table for weekly digest preferences" },
  { file: "packages/db/src/client.ts", plan: "add connection pooling to the database client" },
];

/** Every file of the repository, by repo-relative path. */
export function realisticRepoFiles(): Record<string, string> {
  const files: Record<string, string> = {
    "package.json": `${JSON.stringify({ name: "acme", private: true, workspaces: ["apps/*", "packages/*"] }, null, 2)}\n`,
    "apps/web/package.json": `${JSON.stringify({ name: "web", dependencies: { next: "15.1.0", react: "19.0.0" } }, null, 2)}\n`,
    "packages/db/package.json": `${JSON.stringify({ name: "@acme/db", dependencies: { pg: "8.13.0" } }, null, 2)}\n`,
    "packages/ui/package.json": `${JSON.stringify({ name: "@acme/ui", dependencies: { react: "19.0.0" } }, null, 2)}\n`,
    "AGENTS.md": `# Acme\n\nInstructions for coding agents working in this repository.\n\n${ROOT_TOPICS.map((t) => section(t, 1250)).join("\n\n")}\n`,
    "CLAUDE.md": "@AGENTS.md\n",
    "apps/web/AGENTS.md": `# Web app\n\n${WEB_TOPICS.map((t) => section(t, 700)).join("\n\n")}\n`,
    ".claude/rules/e2e.md": mdc(
      ["paths:", "  - apps/web/e2e/**"],
      section(
        {
          heading: "End-to-end tests",
          lines: [
            "Use role-based locators, never CSS selectors.",
            "Each test signs in through the fixture, not the login page.",
          ],
        },
        600,
      ),
    ),
    ...COPILOT,
    ...Object.fromEntries(
      Object.entries(CURSOR_RULES).map(([name, text]) => [`.cursor/rules/${name}`, text]),
    ),
  };
  for (const { file } of REALISTIC_TARGETS) files[file] = `// ${file}\nexport {};\n`;
  return files;
}

export function writeRealisticRepo(root: string): void {
  for (const [path, content] of Object.entries(realisticRepoFiles())) {
    const absolute = join(root, path);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, content);
  }
}
