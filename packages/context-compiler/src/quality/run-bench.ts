// Runs the bench: every case in its own temporary project with a real SQLite database, the internal
// corpus seeded and the external set imported from its rule files the way import-rules does, and each
// compile scored against its label. Internal and external are reported apart.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { InternalError, manualClock, sequentialIds, UserError } from "@archon/core";
import { InitSessions } from "../init/init-sessions.js";
import { applySeed } from "../knowledge/apply-seed.js";
import { approveProposalBundle } from "../knowledge/approval/bundle.js";
import { landRuleImport, planRuleImport } from "../knowledge/imports/import-rules.js";
import type { Channel } from "../knowledge/next-step.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { answeredDocs } from "../read/compile.js";
import { type CompileResponse, CompileService } from "../services/compile-service.js";
import { renderCompileText } from "../services/compile-text.js";
import { approvedDocumentTexts, type DocumentText } from "../store/documents.js";
import { KnowledgeDb } from "../store/knowledge-db.js";
import { EXTERNAL_CASES, EXTERNAL_REPOS, type ExternalRepo } from "./bench-external.js";
import { EXTERNAL_LABELS } from "./bench-external-labels.js";
import { INTERNAL_CASES, type InternalCase } from "./bench-internal.js";
import { type JudgeCase, type JudgeReport, runJudgeAB } from "./judge-ab.js";
import { messagesClientFromEnv } from "./messages-client.js";

export interface CaseResult {
  id: string;
  group: string;
  passed: boolean;
  precision: number;
  recall: number;
  expected: string[];
  got: string[];
  /** Why it failed, in a line; null when it passed. */
  failure: string | null;
}

export interface SetReport {
  cases: number;
  passed: number;
  precision: number;
  recall: number;
  by_group: Record<string, { cases: number; passed: number }>;
  results: CaseResult[];
}

export interface BenchReport {
  internal: SetReport;
  external?: SetReport;
  /** The LLM-judge A/B when it ran, else why not. */
  full: JudgeReport | { ran: false; reason: string };
}

const CHANNEL: Channel = { kind: "cli", prefix: "archon_" };
const round = (n: number) => Math.round(n * 10_000) / 10_000;

interface Sandbox {
  root: string;
  write: WriteContext;
  compiler: CompileService;
  close(): void;
}

function sandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), "archon-bench-"));
  const kdb = new KnowledgeDb(join(root, ".archon", "archon.db"));
  const clock = manualClock("2026-12-01T00:00:00.000Z");
  const ids = sequentialIds();
  const compiler = new CompileService(kdb, root, clock, ids, new InitSessions().templatesDir, CHANNEL);
  return {
    root,
    write: { surface: "admin", channel: CHANNEL, db: kdb.db, projectRoot: root, clock },
    compiler,
    close() {
      compiler.flushAudit();
      kdb.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

function score(
  id: string,
  group: string,
  expected: string[],
  got: string[],
  extra: string | null,
): CaseResult {
  const want = new Set(expected);
  const have = new Set(got);
  const hit = [...have].filter((g) => want.has(g)).length;
  const precision = have.size === 0 ? (want.size === 0 ? 1 : 0) : hit / have.size;
  const recall = want.size === 0 ? 1 : hit / want.size;
  const exact = hit === want.size && hit === have.size;
  const failure =
    extra ??
    (exact ? null : `expected [${[...want].sort().join(", ")}], got [${[...have].sort().join(", ")}]`);
  return {
    id,
    group,
    passed: failure === null,
    precision: round(precision),
    recall: round(recall),
    expected: [...want].sort(),
    got: [...have].sort(),
    failure,
  };
}

const deliveredOf = (r: CompileResponse) => answeredDocs(r).filter((d) => d.delivery !== "omitted");

function runInternal(c: InternalCase): CaseResult {
  const box = sandbox();
  try {
    writeFiles(box.root, c.files ?? {});
    applySeed(box.write, {
      documents: c.documents.map((d) => ({
        title: `Rule ${d.doc_id}`,
        kind: "guideline",
        priority: 100,
        content: `Rule ${d.doc_id}.`,
        source_path: null,
        patterns: [],
        layers: [],
        commands: [],
        depends_on: [],
        description: null,
        ...d,
      })),
      layer_rules: c.layer_rules ?? [],
    });
    let response: CompileResponse;
    try {
      response = box.compiler.compile(c.request);
    } catch (error) {
      const message = error instanceof UserError ? error.message : String(error);
      const ok = c.expect.error !== undefined && message.includes(c.expect.error);
      return score(c.id, c.category, [], [], ok ? null : `refused: ${message}`);
    }
    if (c.expect.error) return score(c.id, c.category, [], [], `expected a refusal (${c.expect.error})`);
    const docs = deliveredOf(response);
    const problems: string[] = [];
    const ids = (delivery: string) =>
      docs
        .filter((d) => d.delivery === delivery)
        .map((d) => d.doc_id)
        .sort();
    if (c.expect.inline && ids("inline").join() !== [...c.expect.inline].sort().join())
      problems.push(`inline [${ids("inline").join(", ")}]`);
    if (c.expect.deferred && ids("deferred").join() !== [...c.expect.deferred].sort().join())
      problems.push(`deferred [${ids("deferred").join(", ")}]`);
    // Every case checks the budget: inline bytes never exceed what the request allowed.
    if (response.budget.inline_bytes > response.budget.max_inline_bytes)
      problems.push("inline bytes over the budget");
    return score(
      c.id,
      c.category,
      c.expect.delivered ?? docs.map((d) => d.doc_id),
      docs.map((d) => d.doc_id),
      problems.length > 0 ? problems.join("; ") : null,
    );
  } finally {
    box.close();
  }
}

/** The rule files as Cursor keeps them: frontmatter facts and our one-line summary as the body. */
function mdc(rule: ExternalRepo["rules"][number]): string {
  const globs = rule.globs === "" ? "globs:" : `globs: ${rule.globs}`;
  return `---\ndescription: ${JSON.stringify(rule.description)}\n${globs}\nalwaysApply: ${rule.alwaysApply}\n---\n\n${rule.summary}\n`;
}

/** Rules as one instruction file holds them: each titled, one after another. */
const asRuleFile = (docs: readonly DocumentText[]) =>
  docs.map((d) => `# ${d.title}\n\n${d.content.trim()}\n`).join("\n");

interface ExternalRun {
  results: CaseResult[];
  /** Each case's A/B inputs, taken from the same compile that was scored. */
  judge: JudgeCase[];
}

/** The rules a case's change needs, from its hand label (bench-external-labels.ts). */
function neededRules(caseId: string): string[] {
  const label = EXTERNAL_LABELS[caseId];
  if (!label) throw new InternalError(`External bench case ${caseId} has no hand label.`);
  return Object.keys(label.needed);
}

function runExternalRepo(repo: ExternalRepo): ExternalRun {
  const box = sandbox();
  try {
    writeFiles(box.root, Object.fromEntries(repo.rules.map((r) => [`.cursor/rules/${r.file}.mdc`, mdc(r)])));
    const plan = planRuleImport({ db: box.write.db, projectRoot: box.root }, ["cursor"]);
    const landed = landRuleImport({ ...box.write, ids: sequentialIds() }, plan);
    if (landed) approveProposalBundle(box.write, { bundle_id: landed.bundle_id });
    const ruleOf = new Map(
      plan.files.flatMap((f) =>
        f.doc_ids.map((id) => [id, f.file.replace(/^\.cursor\/rules\//, "").replace(/\.mdc$/, "")]),
      ),
    );
    const every = approvedDocumentTexts(box.write.db);
    const run: ExternalRun = { results: [], judge: [] };
    for (const c of EXTERNAL_CASES.filter((x) => x.repo === repo.repo)) {
      const expected = neededRules(c.id);
      try {
        // The files exist in the real repository; absent, every compile would carry a notice saying so.
        writeFiles(box.root, Object.fromEntries(c.files.map((f) => [f, ""])));
        const response = box.compiler.compile({ target_files: c.files });
        const rules = deliveredOf(response).flatMap((d) => ruleOf.get(d.doc_id) ?? []);
        run.results.push(score(c.id, c.repo, expected, [...new Set(rules)], null));
        run.judge.push({
          id: c.id,
          task: c.task,
          files: c.files,
          context_a: renderCompileText(response),
          context_b: asRuleFile(every),
          reference: asRuleFile(every.filter((d) => expected.includes(ruleOf.get(d.doc_id) ?? ""))),
        });
      } catch (error) {
        run.results.push(score(c.id, c.repo, expected, [], `refused: ${(error as Error).message}`));
      }
    }
    return run;
  } finally {
    box.close();
  }
}

function summarize(results: CaseResult[]): SetReport {
  const by_group: SetReport["by_group"] = {};
  for (const r of results) {
    const g = by_group[r.group] ?? { cases: 0, passed: 0 };
    by_group[r.group] = g;
    g.cases += 1;
    if (r.passed) g.passed += 1;
  }
  const mean = (f: (r: CaseResult) => number) =>
    results.length === 0 ? 0 : round(results.reduce((s, r) => s + f(r), 0) / results.length);
  return {
    cases: results.length,
    passed: results.filter((r) => r.passed).length,
    precision: mean((r) => r.precision),
    recall: mean((r) => r.recall),
    by_group,
    results,
  };
}

export interface BenchOptions {
  external: boolean;
  full: boolean;
  env: NodeJS.ProcessEnv;
  /** A line per judged case (the CLI sends it to stderr). */
  progress?: (line: string) => void;
}

/**
 * The retrieval scores, and with --full and a key the A/B on the external set's cases (the internal
 * corpus has no tasks to plan for). A refused key throws the client's UserError.
 */
export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const internal = summarize(INTERNAL_CASES.map(runInternal));
  const client = options.full ? messagesClientFromEnv(options.env) : null;
  const runs = options.external || client ? EXTERNAL_REPOS.map(runExternalRepo) : [];
  const external = options.external ? summarize(runs.flatMap((r) => r.results)) : undefined;
  const full: BenchReport["full"] = client
    ? await runJudgeAB(
        runs.flatMap((r) => r.judge),
        client,
        options.progress,
      )
    : {
        ran: false,
        reason: options.full
          ? "ANTHROPIC_API_KEY is not set: the LLM-judge A/B needs it, so it was skipped"
          : "not asked for (--full runs the LLM-judge A/B)",
      };
  return { internal, ...(external ? { external } : {}), full };
}
