// What an agent reads, in bytes: the instruction files a repository attaches natively against the
// same rules through archon (its block, the compile text, and the deferred rules it is told to read),
// before and after `archon migrate`, on the realistic monorepo and on the bundled example.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adapterConfig } from "../adapters/adapter-config.js";
import { deployAdapters } from "../adapters/deploy-adapters.js";
import { type ArchonContext, createArchonContext, writeContext } from "../context/archon-context.js";
import { applySeed } from "../knowledge/apply-seed.js";
import { readSeedFile } from "../knowledge/seed-file.js";
import { applyMigration } from "../migrate/apply-migration.js";
import { diskTree, NATIVE_AGENTS, type NativeAgent, nativeContext } from "../migrate/native-context.js";
import { planMigration } from "../migrate/plan-migration.js";
import { ABOUT_PLAN } from "../read/allocate-budget.js";
import { answeredDocs } from "../read/compile.js";
import { lineOffset, sectionsOf } from "../read/doc-sections.js";
import { planTerms, relevance, termsOf } from "../read/relevance.js";
import type { CompileResponse } from "../services/compile-service.js";
import { renderCompileText } from "../services/compile-text.js";
import { approvedDocumentTexts } from "../store/documents.js";
import { VERSION } from "../version.js";
import { REALISTIC_TARGETS, writeRealisticRepo } from "./realistic-repo.js";
import { ruleText } from "./rule-text.js";

export interface FileCost {
  file: string;
  plan: string;
  /** Bytes each agent attaches for this file from the repository's own instruction files. */
  native: Record<NativeAgent, number>;
  /** The compile's model text, and its structuredContent as JSON, with a plan. */
  text_bytes: number;
  structured_bytes: number;
  /**
   * What rides in every prompt after the migration (the most any agent carries), plus the compile text
   * and the deferred rules the agent is told to read, with the plan and without one.
   */
  archon_with_plan: number;
  archon_without_plan: number;
  /**
   * The floor under archon_with_plan: the text of the rules it delivers and the deferred rules the agent
   * must read, with no header, block or pointer around it.
   */
  rule_text_with_plan: number;
}

export interface ContextCost {
  fixture: string;
  /** Every rule of the project in one file: what the README's "one giant CLAUDE.md" holds. */
  single_file_bytes: number;
  always_loaded: { agent: NativeAgent; before: number; after: number }[];
  files: FileCost[];
}

const byteLength = (s: string) => Buffer.byteLength(s, "utf8");

/**
 * What the agent must read beyond the compile text: a deferred rule whole, unless it is marked
 * not_about_plan (read only if the change concerns it) or lists its sections (then the ones about the
 * plan, which the compile already inlined when they fit, else read). The result names sections by lines
 * only, so which are about the plan is measured here on the rule's text, as the compile measured it.
 */
function deferredReads(response: CompileResponse, texts: ReadonlyMap<string, string>, plan?: string): number {
  const docs = answeredDocs(response);
  const terms = plan === undefined ? undefined : planTerms(plan);
  let bytes = 0;
  for (const d of docs) {
    if (d.delivery !== "deferred" || d.defer_reason === "not_about_plan") continue;
    if (!d.sections) {
      bytes += d.content_bytes;
      continue;
    }
    const inlined = new Set(d.sections.filter((s) => s.content !== undefined).map((s) => s.start));
    const offset = lineOffset(d.source_path ?? "") ?? 0;
    for (const s of sectionsOf(texts.get(d.doc_id) ?? "", offset))
      if (!inlined.has(s.start) && (!terms || relevance(terms, termsOf(s.text)) >= ABOUT_PLAN))
        bytes += s.bytes;
  }
  return bytes;
}

function readCost(ctx: ArchonContext, file: string, plan: string | undefined) {
  const request = { target_files: [file], ...(plan ? { plan } : {}) };
  const response = ctx.compiler.compile(request);
  const text = renderCompileText(response, request);
  const texts = new Map(approvedDocumentTexts(ctx.kdb.db).map((d) => [d.doc_id, d.content]));
  const deferred = deferredReads(response, texts, plan);
  return {
    text: byteLength(text),
    structured: byteLength(JSON.stringify(response)),
    read: byteLength(text) + deferred,
    ruleText: ruleText(response).carried + deferred,
  };
}

function tempRoot(name: string): string {
  return mkdtempSync(join(tmpdir(), `archon-cost-${name}-`));
}

function git(root: string, ...args: string[]) {
  execFileSync("git", ["-c", "user.email=bench@archon", "-c", "user.name=bench", ...args], {
    cwd: root,
    stdio: "pipe",
  });
}

/** The realistic monorepo written into `root` and committed, as a user brings it. */
export function committedRealisticRepo(root: string): void {
  writeRealisticRepo(root);
  git(root, "init", "-q", "-b", "main");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "repository");
}

/** Setup's adapters and `archon migrate` on a committed realistic repo: its rules, now archon's. */
export function migratedRealisticRepo(root: string): ArchonContext {
  const ctx = createArchonContext({
    surface: "admin",
    dbPath: join(root, ".archon/archon.db"),
    projectRoot: root,
  });
  const config = adapterConfig({ version: VERSION, projectRoot: root, env: {} });
  deployAdapters(writeContext(ctx), { targets: ["claude", "cursor", "codex"], config });
  applyMigration(
    { ...writeContext(ctx), ids: ctx.ids },
    planMigration({ db: ctx.kdb.db, projectRoot: root }),
  );
  return ctx;
}

/** The realistic monorepo: native costs, then setup's adapters and the migration, then archon's costs. */
export function realisticCost(): ContextCost {
  const root = tempRoot("monorepo");
  try {
    committedRealisticRepo(root);
    const before = diskTree(root);
    const alwaysBefore = nativeContext(before);
    const native = new Map(REALISTIC_TARGETS.map((t) => [t.file, nativeContext(before, t.file)]));
    const single = before.files
      .filter((f) => /\.(md|mdc)$/.test(f))
      .reduce((n, f) => n + byteLength(before.read(f) ?? ""), 0);

    const ctx = migratedRealisticRepo(root);
    try {
      const alwaysAfter = nativeContext(diskTree(root));
      const carried = Math.max(...alwaysAfter.map((c) => c.bytes));
      return {
        fixture: "realistic monorepo (bench/realistic-repo.ts)",
        single_file_bytes: single,
        always_loaded: NATIVE_AGENTS.map((agent) => ({
          agent,
          before: alwaysBefore.find((c) => c.agent === agent)?.bytes ?? 0,
          after: alwaysAfter.find((c) => c.agent === agent)?.bytes ?? 0,
        })),
        files: REALISTIC_TARGETS.map(({ file, plan }) => {
          const withPlan = readCost(ctx, file, plan);
          const contexts = native.get(file) ?? [];
          return {
            file,
            plan,
            native: Object.fromEntries(
              NATIVE_AGENTS.map((a) => [a, contexts.find((c) => c.agent === a)?.bytes ?? 0]),
            ) as Record<NativeAgent, number>,
            text_bytes: withPlan.text,
            structured_bytes: withPlan.structured,
            archon_with_plan: carried + withPlan.read,
            archon_without_plan: carried + readCost(ctx, file, undefined).read,
            rule_text_with_plan: withPlan.ruleText,
          };
        }),
      };
    } finally {
      ctx.close();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The bundled example: its rules live only in archon.seed.yaml, so "native" is one file holding them all. */
export function exampleCost(exampleDir: string): ContextCost {
  const root = tempRoot("example");
  try {
    cpSync(exampleDir, root, { recursive: true });
    const ctx = createArchonContext({
      surface: "admin",
      dbPath: join(root, ".archon/archon.db"),
      projectRoot: root,
    });
    try {
      applySeed(writeContext(ctx), readSeedFile(ctx.kdb.db, join(root, "archon.seed.yaml"), root));
      const single = approvedDocumentTexts(ctx.kdb.db).reduce(
        (n, d) => n + byteLength(`## ${d.title}\n\n${d.content}\n\n`),
        0,
      );
      const targets = [
        { file: "src/api/invoices.ts", plan: "add cursor pagination to listInvoices" },
        { file: "src/server/routes/invoices.route.ts", plan: "add a route to void an invoice" },
        { file: "src/components/InvoiceTable.tsx", plan: "show overdue invoices in red" },
      ];
      return {
        fixture: "bundled example (examples/demo-project)",
        single_file_bytes: single,
        always_loaded: [],
        files: targets.map(({ file, plan }) => {
          const withPlan = readCost(ctx, file, plan);
          return {
            file,
            plan,
            native: { claude: single, codex: single, cursor: single, copilot: single },
            text_bytes: withPlan.text,
            structured_bytes: withPlan.structured,
            archon_with_plan: withPlan.read,
            archon_without_plan: readCost(ctx, file, undefined).read,
            rule_text_with_plan: withPlan.ruleText,
          };
        }),
      };
    } finally {
      ctx.close();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
