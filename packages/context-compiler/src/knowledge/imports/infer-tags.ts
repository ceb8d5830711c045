// Intent tags suggested for an import unit, from a small vocabulary of what rules are commonly about.

/** tag → the words that signal it (matched as whole words, case-insensitively). */
export const TAG_VOCABULARY: Readonly<Record<string, readonly string[]>> = {
  accessibility: ["accessibility", "a11y", "aria", "screen reader"],
  api: ["api", "apis", "endpoint", "endpoints", "rest", "graphql", "route handler", "http"],
  auth: [
    "auth",
    "authentication",
    "authorization",
    "login",
    "session",
    "sessions",
    "oauth",
    "jwt",
    "permission",
    "permissions",
  ],
  billing: [
    "billing",
    "invoice",
    "invoices",
    "payment",
    "payments",
    "stripe",
    "subscription",
    "subscriptions",
  ],
  database: [
    "database",
    "databases",
    "sql",
    "query",
    "queries",
    "migration",
    "migrations",
    "schema",
    "orm",
    "postgres",
    "mysql",
    "sqlite",
    "prisma",
  ],
  deployment: ["deploy", "deployment", "release", "docker", "kubernetes", "ci", "pipeline"],
  documentation: ["documentation", "docs", "jsdoc", "docstring", "readme", "changelog"],
  errors: ["error handling", "exception", "exceptions", "throw", "errors"],
  git: ["git", "commit", "commits", "branch", "pull request", "rebase"],
  i18n: ["i18n", "translation", "translations", "locale", "localization"],
  logging: ["logging", "logger", "logs", "log level", "telemetry", "tracing", "metrics"],
  performance: ["performance", "latency", "cache", "caching", "memoize", "optimize", "n+1"],
  security: [
    "security",
    "secret",
    "secrets",
    "xss",
    "csrf",
    "injection",
    "sanitize",
    "encrypt",
    "encryption",
    "vulnerability",
  ],
  style: ["naming", "formatting", "lint", "linter", "prettier", "eslint", "biome", "code style"],
  testing: [
    "test",
    "tests",
    "testing",
    "unit test",
    "e2e",
    "vitest",
    "jest",
    "pytest",
    "coverage",
    "fixture",
    "fixtures",
    "mock",
    "mocks",
  ],
  types: ["typescript", "types", "type safety", "strict mode", "generics"],
  ui: ["ui", "component", "components", "css", "tailwind", "styling", "layout", "react", "vue", "frontend"],
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const MATCHERS = Object.entries(TAG_VOCABULARY)
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([tag, words]) => ({
    tag,
    re: new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "iu"),
  }));

/** Sorted tags whose signal words appear in the title or content. */
export function inferTags(title: string, content: string): string[] {
  const text = `${title}\n${content}`;
  return MATCHERS.filter((m) => m.re.test(text)).map((m) => m.tag);
}
