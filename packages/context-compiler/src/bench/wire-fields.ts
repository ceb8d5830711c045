// `node packages/context-compiler/dist/bench/wire-fields.js [--sizes 1000,10000] [--requests 10] [--top 12]`:
// where the bytes of a compile's structured result go, field by field, on the bundled example, the
// realistic monorepo and the many-matches project, beside two floors: the rule text the result carries,
// and the fields the specification requires (with the lines of each section offered) alone.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ArchonContext, createArchonContext, writeContext } from "../context/archon-context.js";
import { applySeed } from "../knowledge/apply-seed.js";
import { readSeedFile } from "../knowledge/seed-file.js";
import { answeredDocs, type DeliveredDoc } from "../read/compile.js";
import type { CompileResponse } from "../services/compile-service.js";
import { benchArgs } from "./bench-args.js";
import { committedRealisticRepo, migratedRealisticRepo } from "./context-cost.js";
import { writeCursorRulesProject } from "./cursor-rules-project.js";
import { REALISTIC_TARGETS } from "./realistic-repo.js";

const USAGE = "usage: wire-fields.js [--sizes 1000,10000] [--requests N] [--top N]";
const values = benchArgs(USAGE, {
  sizes: { type: "string", default: "1000,10000" },
  requests: { type: "string", default: "10" },
  top: { type: "string", default: "12" },
});

const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../../../examples/demo-project", import.meta.url));
const EXAMPLE_TARGETS = [
  { file: "src/api/invoices.ts", plan: "add cursor pagination to listInvoices" },
  { file: "src/server/routes/invoices.route.ts", plan: "add a route to void an invoice" },
  { file: "src/components/InvoiceTable.tsx", plan: "show overdue invoices in red" },
];
/** What the specification's compile response requires of each document (context-compiler.md, "Response:"). */
const REQUIRED_DOC = [
  ...["doc_id", "title", "kind", "delivery", "content_bytes", "content_hash"],
  ...["content", "source_path", "relevance", "omit_reason"],
] as const;

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

/** Bytes per field path (`.base.documents[].content_hash`), each key with its value, over a result. */
function byField(value: unknown, path: string, into: Map<string, number>): void {
  const add = (p: string, n: number) => into.set(p, (into.get(p) ?? 0) + n);
  if (Array.isArray(value)) {
    for (const item of value)
      if (item !== null && typeof item === "object") byField(item, `${path}[]`, into);
      else add(`${path}[]`, bytes(item) + 1);
    return;
  }
  if (value === null || typeof value !== "object") return;
  for (const [key, item] of Object.entries(value)) {
    // The key, its quotes, the colon and the comma after it.
    add(`${path}.${key}`, bytes(key) + 2 + (item !== null && typeof item === "object" ? 0 : bytes(item)));
    byField(item, `${path}.${key}`, into);
  }
}

/** The result cut to what the specification requires, each section kept as its lines and inlined text. */
function requiredOnly(r: CompileResponse) {
  const doc = (d: DeliveredDoc) => ({
    ...Object.fromEntries(REQUIRED_DOC.filter((k) => d[k] !== undefined).map((k) => [k, d[k]])),
    ...(d.sections ? { sections: d.sections } : {}),
  });
  const { compile_id, snapshot_id, knowledge_version, warnings, notices } = r;
  return {
    ...{ compile_id, snapshot_id, knowledge_version },
    base: {
      documents: r.base.documents.map(doc),
      templates: r.base.templates.map(doc),
      resolution_path: r.base.resolution_path,
    },
    ...(r.expanded ? { expanded: { ...r.expanded, documents: r.expanded.documents.map(doc) } } : {}),
    ...{ warnings, notices },
  };
}

/** The rule text a result carries: inline bodies and the sections inlined from deferred rules. */
const carried = (r: CompileResponse) =>
  answeredDocs(r).reduce(
    (n, d) =>
      n +
      Buffer.byteLength(d.content ?? "") +
      (d.sections ?? []).reduce((m, s) => m + Buffer.byteLength(s.content ?? ""), 0),
    0,
  );

function report(name: string, results: readonly CompileResponse[]): string {
  const fields = new Map<string, number>();
  for (const r of results) byField(r, "", fields);
  const total = results.reduce((n, r) => n + bytes(r), 0);
  const mean = (n: number) => Math.round(n / results.length).toLocaleString("en-US");
  const text = results.reduce((n, r) => n + carried(r), 0);
  const required = results.reduce((n, r) => n + bytes(requiredOnly(r)), 0);
  const top = [...fields].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
  return [
    `### ${name} (${results.length} compiles, means per answer)`,
    "",
    `Structured result ${mean(total)} bytes (${(total / text).toFixed(2)}x the rule text it carries, ${mean(text)}); the fields the specification requires alone, sections' lines kept: ${mean(required)} (${(required / text).toFixed(2)}x).`,
    "",
    "| field | bytes | share |",
    "|---|---:|---:|",
    ...top.map(([path, n]) => `| \`${path}\` | ${mean(n)} | ${((100 * n) / total).toFixed(1)}% |`),
    "",
  ].join("\n");
}

function inTempProject<T>(name: string, run: (root: string) => T): T {
  const root = mkdtempSync(join(tmpdir(), `archon-wire-fields-${name}-`));
  try {
    return run(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function openDb(root: string, dbPath: string): ArchonContext {
  return createArchonContext({ surface: "admin", dbPath, projectRoot: root });
}

function example(): CompileResponse[] {
  return inTempProject("example", (root) => {
    cpSync(EXAMPLE, root, { recursive: true });
    const ctx = openDb(root, join(root, ".archon/archon.db"));
    try {
      applySeed(writeContext(ctx), readSeedFile(ctx.kdb.db, join(root, "archon.seed.yaml"), root));
      return EXAMPLE_TARGETS.map(({ file, plan }) => ctx.compiler.compile({ target_files: [file], plan }));
    } finally {
      ctx.close();
    }
  });
}

function realistic(): CompileResponse[] {
  return inTempProject("monorepo", (root) => {
    committedRealisticRepo(root);
    const ctx = migratedRealisticRepo(root);
    try {
      return REALISTIC_TARGETS.map(({ file, plan }) => ctx.compiler.compile({ target_files: [file], plan }));
    } finally {
      ctx.close();
    }
  });
}

/** rules-main's shape: Cursor rule files imported, one file per compile and no plan, as its requests are. */
function manyMatches(size: number, requests: number): CompileResponse[] {
  return inTempProject("many", (root) => {
    const project = writeCursorRulesProject(root, size, requests * 5);
    const dbPath = join(root, ".archon", "knowledge.db");
    const args = ["--db", dbPath, "--project-root", root, "import-rules", "--from", "cursor", "--approve"];
    // Its report is not read (at 10k it outgrows spawnSync's buffer, which would kill the import).
    const imported = spawnSync(process.execPath, [ARCHON_BIN, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "ignore", "pipe"],
    });
    if (imported.status !== 0) throw new Error(`import-rules failed: ${imported.stderr.slice(0, 2000)}`);
    const ctx = openDb(root, dbPath);
    try {
      const files = project.otherPaths.filter((_, i) => i % 5 === 0).slice(0, requests);
      return files.map((file) => ctx.compiler.compile({ target_files: [file] }));
    } finally {
      ctx.close();
    }
  });
}

const sections = [report("bundled example, with plans", example())];
sections.push(report("realistic monorepo after migrate, with plans", realistic()));
for (const size of values.sizes.split(",").map(Number))
  sections.push(report(`many matches, ${size} Cursor rules`, manyMatches(size, Number(values.requests))));
process.stdout.write(sections.join("\n"));
