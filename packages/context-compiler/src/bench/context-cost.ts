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
import type { DeliveredDoc } from "../read/compile.js";
import type { CompileResponse } from "../services/compile-service.js";
import { renderCompileText } from "../services/compile-text.js";
import { approvedDocumentTexts } from "../store/documents.js";
import { VERSION } from "../version.js";
import { REALISTIC_TARGETS, writeRealisticRepo } from "./realistic-repo.js";

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
 * plan, which the compile already inlined when they fit, else read).
 */
function deferredReads(response: CompileResponse): number {
  const docs: DeliveredDoc[] = [
    ...response.base.documents,
    ...response.base.templates,
    ...(response.expanded?.documents ?? []),
  ];
  let bytes = 0;
  for (const d of docs) {
    if (d.delivery !== "deferred" || d.defer_reason === "not_about_plan") continue;
    if (!d.sections) bytes += d.content_bytes;
    else
      for (const s of d.sections)
        if (s.content === undefined && (s.relevance ?? 1) >= ABOUT_PLAN) bytes += s.bytes;
  }
  return bytes;
}

function readCost(ctx: ArchonContext, file: string, plan: string | undefined) {
  const request = { target_files: [file], ...(plan ? { plan } : {}) };
  const response = ctx.compiler.compile(request);
  const text = renderCompileText(response, request);
  return {
    text: byteLength(text),
    structured: byteLength(JSON.stringify(response)),
    read: byteLength(text) + deferredReads(response),
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

/** The realistic monorepo: native costs, then setup's adapters and the migration, then archon's costs. */
export function realisticCost(): ContextCost {
  const root = tempRoot("monorepo");
  try {
    writeRealisticRepo(root);
    git(root, "init", "-q", "-b", "main");
    git(root, "add", "-A");
    git(root, "commit", "-q", "-m", "repository");
    const before = diskTree(root);
    const alwaysBefore = nativeContext(before);
    const native = new Map(REALISTIC_TARGETS.map((t) => [t.file, nativeContext(before, t.file)]));
    const single = before.files
      .filter((f) => /\.(md|mdc)$/.test(f))
      .reduce((n, f) => n + byteLength(before.read(f) ?? ""), 0);

    const ctx = createArchonContext({
      surface: "admin",
      dbPath: join(root, ".archon/archon.db"),
      projectRoot: root,
    });
    try {
      const config = adapterConfig({ version: VERSION, projectRoot: root, env: {} });
      deployAdapters(writeContext(ctx), { targets: ["claude", "cursor", "codex"], config });
      applyMigration(
        { ...writeContext(ctx), ids: ctx.ids },
        planMigration({ db: ctx.kdb.db, projectRoot: root }),
      );
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
