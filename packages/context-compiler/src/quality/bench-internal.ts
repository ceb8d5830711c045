// The bench's internal corpus: small labeled cases, each a knowledge base, a request and what a correct
// compile returns. Retrieval (which rules), DAG closure (dependencies pulled in), budget (inline, deferred,
// refused) and resources (bytes inside the budget). Written for archon; every label is checked by hand.
import type { SeedDocument } from "../knowledge/seed-file.js";
import type { CompileRequest } from "../read/compile.js";

export type InternalCategory = "retrieval" | "dag_closure" | "budget" | "resources";

export interface InternalCase {
  id: string;
  category: InternalCategory;
  documents: (Partial<SeedDocument> & { doc_id: string })[];
  layer_rules?: { pattern: string; layer: string }[];
  /** Files written into the project (target files, and the sources of file-backed documents). */
  files?: Record<string, string>;
  request: CompileRequest;
  expect: {
    /** Every document returned (base documents and templates, expanded ones), omitted ones excluded. */
    delivered?: string[];
    inline?: string[];
    deferred?: string[];
    /** The compile must be refused with a message containing this. */
    error?: string;
  };
}

const big = (topic: string) => `${topic}\n\n${"A rule long enough to be deferred to its file. ".repeat(40)}`;

export const INTERNAL_CASES: InternalCase[] = [
  {
    id: "path-glob",
    category: "retrieval",
    documents: [
      { doc_id: "api", patterns: ["src/api/**"] },
      { doc_id: "web", patterns: ["src/web/**"] },
    ],
    request: { target_files: ["src/api/users.ts"] },
    expect: { delivered: ["api"] },
  },
  {
    id: "brace-glob",
    category: "retrieval",
    documents: [
      { doc_id: "react", patterns: ["**/*.{tsx,jsx}"] },
      { doc_id: "styles", patterns: ["**/*.css"] },
    ],
    request: { target_files: ["app/components/Button.tsx"] },
    expect: { delivered: ["react"] },
  },
  {
    id: "layer",
    category: "retrieval",
    documents: [
      { doc_id: "domain-pure", layers: ["domain"] },
      { doc_id: "ui", layers: ["ui"] },
    ],
    layer_rules: [
      { pattern: "src/domain/**", layer: "domain" },
      { pattern: "src/ui/**", layer: "ui" },
    ],
    request: { target_files: ["src/domain/invoice.ts"] },
    expect: { delivered: ["domain-pure"] },
  },
  {
    id: "command-template",
    category: "retrieval",
    documents: [
      { doc_id: "route-rules", patterns: ["src/routes/**"] },
      { doc_id: "route-template", kind: "template", patterns: ["src/routes/**"], commands: ["scaffold"] },
    ],
    request: { target_files: ["src/routes/orders.ts"], command: "scaffold" },
    expect: { delivered: ["route-rules", "route-template"] },
  },
  {
    id: "template-only-when-scaffolding",
    category: "retrieval",
    documents: [
      { doc_id: "route-rules", patterns: ["src/routes/**"] },
      { doc_id: "route-template", kind: "template", patterns: ["src/routes/**"], commands: ["scaffold"] },
    ],
    request: { target_files: ["src/routes/orders.ts"] },
    expect: { delivered: ["route-rules"] },
  },
  {
    id: "description-reach",
    category: "retrieval",
    documents: [
      { doc_id: "api", patterns: ["src/api/**"] },
      { doc_id: "i18n", description: "translating user-facing strings" },
    ],
    request: { target_files: ["src/api/users.ts"], plan: "translate the user-facing strings" },
    expect: { delivered: ["api", "i18n"] },
  },
  {
    id: "unrelated-file",
    category: "retrieval",
    documents: [{ doc_id: "api", patterns: ["src/api/**"] }],
    request: { target_files: ["docs/readme.md"] },
    expect: { delivered: [] },
  },
  {
    id: "dependency-chain",
    category: "dag_closure",
    documents: [
      { doc_id: "api", patterns: ["src/api/**"], depends_on: ["errors"] },
      { doc_id: "errors", depends_on: ["logging"] },
      { doc_id: "logging" },
      { doc_id: "unrelated" },
    ],
    request: { target_files: ["src/api/users.ts"] },
    expect: { delivered: ["api", "errors", "logging"] },
  },
  {
    id: "diamond",
    category: "dag_closure",
    documents: [
      { doc_id: "a", patterns: ["src/**"], depends_on: ["b", "c"] },
      { doc_id: "b", depends_on: ["d"] },
      { doc_id: "c", depends_on: ["d"] },
      { doc_id: "d" },
    ],
    request: { target_files: ["src/x.ts"] },
    expect: { delivered: ["a", "b", "c", "d"] },
  },
  {
    id: "defer-large-file-backed",
    category: "budget",
    documents: [
      { doc_id: "small", patterns: ["src/**"], content: "Short rule." },
      { doc_id: "large", patterns: ["src/**"], source_path: "docs/large.md", content: big("Large") },
    ],
    files: { "docs/large.md": big("Large") },
    request: { target_files: ["src/x.ts"], max_inline_bytes: 200 },
    expect: { delivered: ["large", "small"], inline: ["small"], deferred: ["large"] },
  },
  {
    id: "refuse-over-budget-database-only",
    category: "budget",
    documents: [{ doc_id: "db-only", patterns: ["src/**"], content: big("Inline only") }],
    request: { target_files: ["src/x.ts"], max_inline_bytes: 100 },
    expect: { error: "budget_exceeded" },
  },
  {
    id: "metadata-mode",
    category: "budget",
    documents: [{ doc_id: "filed", patterns: ["src/**"], source_path: "docs/f.md", content: "Filed rule." }],
    files: { "docs/f.md": "Filed rule." },
    request: { target_files: ["src/x.ts"], content_mode: "metadata" },
    expect: { delivered: ["filed"], inline: [], deferred: ["filed"] },
  },
  {
    id: "inline-within-budget",
    category: "resources",
    documents: Array.from({ length: 12 }, (_, i) => ({
      doc_id: `rule-${String(i).padStart(2, "0")}`,
      patterns: ["src/**"],
      source_path: `docs/rule-${i}.md`,
      content: `Rule ${i}. ${"Keep it short. ".repeat(i * 4)}`,
    })),
    files: Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `docs/rule-${i}.md`,
        `Rule ${i}. ${"Keep it short. ".repeat(i * 4)}`,
      ]),
    ),
    request: { target_files: ["src/x.ts"], max_inline_bytes: 1024 },
    expect: {
      delivered: Array.from({ length: 12 }, (_, i) => `rule-${String(i).padStart(2, "0")}`),
    },
  },
];
