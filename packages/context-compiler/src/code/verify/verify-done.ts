// verify_done: a change checked mechanically against every approved constraint that carries a ```verify
// block and covers a changed file (by path or layer, as compile_context would reach it), plus the tests to
// run first. Read-only: it reads the knowledge, the symbol index, the files and git history.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Db, UserError } from "@archon/core";
import type { IndexedDoc, KnowledgeIndex } from "../../read/knowledge-index.js";
import { resolve } from "../../read/resolve.js";
import { readIndexState } from "../../store/symbols.js";
import { languageOf } from "../languages.js";
import { MAX_CHANGED_FILES, PARSE_LIMITS, type ParseLimits } from "../limits.js";
import { storedModuleWorld } from "../module-world.js";
import type { ExtractedImport } from "../symbol-model.js";
import type { AffectedTest } from "./affected-tests.js";
import { indexedAffectedTests } from "./affected-tests-index.js";
import { type ChangedFile, changedFiles } from "./changed-files.js";
import { importsOf, type ParseBudget } from "./changed-imports.js";
import { missingCompanions } from "./companions.js";
import { forbiddenImports } from "./forbidden-imports.js";
import type { PackageTests } from "./go-package-tests.js";
import { readVerifyBlock, type VerifyRules } from "./verify-block.js";

export interface VerifyInput {
  diff?: string;
  changed_files?: string[];
}

export interface VerifySources {
  db: Db;
  projectRoot: string;
  index: KnowledgeIndex;
  /** A document's text as the knowledge holds it. */
  docText(doc: IndexedDoc): string;
  /** The parsing time allowed; PARSE_LIMITS unless a test passes smaller ones. */
  parseLimits?: ParseLimits;
}

interface ViolationBase {
  doc_id: string;
  title: string;
  /** The changed file that triggered the rule. */
  file: string;
  rule: string;
  evidence: string;
}
export type Violation =
  | (ViolationBase & { type: "forbidden_import"; line: number; import: string; resolved_path: string | null })
  | (ViolationBase & { type: "missing_companion"; expected: string });

export interface Verdict {
  verdict: "pass" | "fail";
  violations: Violation[];
  checked: { files: { path: string; status: ChangedFile["status"] }[]; constraints: string[] };
  affected_tests: AffectedTest[];
  affected_tests_truncated: boolean;
  /** Go packages whose other tests are counted here rather than listed. */
  affected_tests_packages: PackageTests[];
  affected_tests_note: string;
  warnings: string[];
  knowledge_version: number;
  index_state: string | null;
}

export const AFFECTED_TESTS_NOTE =
  "Run these first, not only these: they changed, import a changed file, mirror its name and place, call its Go functions, or changed together with it in git history; affected_tests_packages counts a big Go package's other tests.";

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The constraint documents with a verify block, and a warning for each malformed one. */
function verifyRules(sources: VerifySources): { rules: Map<string, VerifyRules>; warnings: string[] } {
  const rules = new Map<string, VerifyRules>();
  const warnings: string[] = [];
  const docs = [...sources.index.docs.values()].filter((d) => d.kind === "constraint");
  for (const doc of docs.sort((a, b) => cmp(a.doc_id, b.doc_id))) {
    const block = readVerifyBlock(doc.doc_id, sources.docText(doc));
    if (block === undefined) continue;
    if ("warning" in block) warnings.push(block.warning);
    else rules.set(doc.doc_id, block.rules);
  }
  return { rules, warnings };
}

export async function verifyDone(sources: VerifySources, input: VerifyInput): Promise<Verdict> {
  const root = sources.projectRoot;
  const files = checkedFiles(root, input);
  const { rules, warnings } = verifyRules(sources);
  const present = files.filter((f) => f.status !== "deleted");
  const limits = sources.parseLimits ?? PARSE_LIMITS;
  const world = storedModuleWorld(
    sources.db,
    root,
    present.flatMap((f) => {
      const language = languageOf(f.path)?.language;
      return language ? [{ path: f.path, language }] : [];
    }),
  );
  const check: FileCheck = {
    sources,
    rules,
    world,
    paths: files.map((f) => f.path),
    budget: { leftMs: limits.perCheckMs, limits },
    warnings,
  };
  const violations: Violation[] = [];
  const applied = new Set<string>();
  for (const file of present) {
    const found = await violationsIn(file, check);
    for (const docId of found.applied) applied.add(docId);
    violations.push(...found.violations);
  }
  violations.sort(byPlace);
  const state = readIndexState(sources.db);
  if (!state)
    warnings.push(
      "The symbol index is empty, so affected_tests has no import scan (only changed tests and git history): run `archon reindex-symbols`.",
    );
  const affected = indexedAffectedTests(sources.db, root, files, warnings);
  return {
    verdict: violations.length === 0 ? "pass" : "fail",
    violations,
    checked: {
      files: files.map((f) => ({ path: f.path, status: f.status })),
      constraints: [...applied].sort(cmp),
    },
    affected_tests: affected.tests,
    affected_tests_truncated: affected.truncated,
    affected_tests_packages: affected.packages,
    affected_tests_note: AFFECTED_TESTS_NOTE,
    warnings,
    knowledge_version: sources.index.knowledge_version,
    index_state: state?.state_hash ?? null,
  };
}

/** The changed files named by the diff or the list (a modified file gone from disk is deleted), within bounds. */
function checkedFiles(root: string, input: VerifyInput): ChangedFile[] {
  const files = changedFiles(root, input.diff, input.changed_files ?? []).map((f) =>
    f.status === "modified" && f.added === null && !existsSync(join(root, f.path))
      ? { ...f, status: "deleted" as const }
      : f,
  );
  if (files.length === 0)
    throw new UserError(
      "Nothing to check: no file of the project was named.",
      "Give a diff or repo-relative changed_files.",
      "changed_files",
    );
  if (files.length > MAX_CHANGED_FILES)
    throw new UserError(
      `The change names ${files.length} files; verify_done checks at most ${MAX_CHANGED_FILES} at a time.`,
      "Split the change and verify it in parts.",
      "diff",
    );
  return files;
}

/** What every file's check shares: the rules, the module world, the change's paths and one parse budget. */
interface FileCheck {
  sources: VerifySources;
  rules: ReadonlyMap<string, VerifyRules>;
  world: ReturnType<typeof storedModuleWorld>;
  paths: readonly string[];
  budget: ParseBudget;
  warnings: string[];
}

/** The constraints compile_context would reach from one file, and what each finds wrong in it. */
async function violationsIn(
  file: ChangedFile,
  check: FileCheck,
): Promise<{ applied: string[]; violations: Violation[] }> {
  const { sources, rules } = check;
  const reached = [...new Set(resolve(sources.index, { files: [file.path] }).steps.map((s) => s.doc_id))]
    .filter((id) => rules.has(id))
    .sort(cmp);
  const violations: Violation[] = [];
  // Parsed once, and only when some reached rule forbids imports.
  let imports: ExtractedImport[] | undefined;
  for (const docId of reached) {
    const doc = sources.index.docs.get(docId) as IndexedDoc;
    const docRules = rules.get(docId) as VerifyRules;
    const base = { doc_id: docId, title: doc.title, file: file.path };
    if (docRules.forbid_import.length > 0) {
      imports ??= await importsOf(file, sources.projectRoot, check.budget, check.warnings);
      for (const hit of forbiddenImports(file.path, imports, docRules.forbid_import, check.world))
        violations.push({
          type: "forbidden_import",
          ...base,
          rule: hit.rule,
          line: hit.import.line,
          import: hit.import.source,
          resolved_path: hit.resolved,
          evidence: hit.import.text,
        });
    }
    for (const miss of missingCompanions(file.path, docRules.require_companion, check.paths))
      violations.push({
        type: "missing_companion",
        ...base,
        rule: miss.rule,
        expected: miss.expected,
        evidence: `no other changed file matches ${miss.expected}`,
      });
  }
  return { applied: reached, violations };
}

/** By file, rule document, type, line and rule: one order whatever the order of the checks. */
const byPlace = (a: Violation, b: Violation) =>
  cmp(a.file, b.file) ||
  cmp(a.doc_id, b.doc_id) ||
  cmp(a.type, b.type) ||
  ("line" in a && "line" in b ? a.line - b.line : 0) ||
  cmp(a.rule, b.rule);
