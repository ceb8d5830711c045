// Plans a migration: which rules move to .archon/rules/, what each source file becomes, bytes before and after.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { adapterConfig } from "../adapters/adapter-config.js";
import { RULE_FORMATS } from "../knowledge/imports/formats/rule-file.js";
import { planRuleImport } from "../knowledge/imports/import-rules.js";
import { assertWritable } from "../knowledge/project-write.js";
import { holdsRuleText, RULE_FILES_DIR } from "../knowledge/rule-files/rule-file-text.js";
import { VERSION } from "../version.js";
import { decideSources, knownOf, referencedRemovals } from "./decide-sources.js";
import { isIgnored, uncommittedFiles } from "./git-state.js";
import { linkTargets } from "./linked-sources.js";
import type {
  Blocker,
  MigrationContext,
  MigrationOptions,
  MigrationPlan,
  RuleFile,
  SourceAction,
} from "./migration-plan.js";
import { changedTree, diskTree, nativeContext } from "./native-context.js";
import { guardedFiles, withKeptImports } from "./source-action.js";

/** A file archon did not write, where a rule file would go, is never overwritten. */
function ruleFileBlockers(root: string, rules: readonly RuleFile[]): Blocker[] {
  return rules.flatMap((rule) => {
    let existing: string | undefined;
    try {
      existing = readFileSync(join(root, rule.path), "utf8");
    } catch {
      return [];
    }
    // The rule's own file as archon renders it (front matter, then the same text) is the same rule.
    return holdsRuleText(existing, rule.content)
      ? []
      : [
          {
            path: rule.path,
            reason: "already exists with other text, and archon did not write it",
            forceable: false,
          },
        ];
  });
}

/** Sources the run could not write (a link, a folder resolving outside): found now, so the dry run says so. */
function unwritable(root: string, changing: readonly SourceAction[]): Blocker[] {
  return changing.flatMap((source) => {
    try {
      assertWritable({ root }, source.path, source.action === "remove" ? "delete" : "write");
      return [];
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      return [{ path: source.path, reason: error.message, forceable: false }];
    }
  });
}

/**
 * Reads every instruction file import-rules reads and decides everything a migration does; writes nothing.
 * Units already in the knowledge base (by source, or as an exact copy) are not imported again, and a source
 * left as it is for a reason (broken markers, pending proposals) gives none of its rules: they come with it later.
 */
export function planMigration(ctx: MigrationContext, options: MigrationOptions = {}): MigrationPlan {
  const config =
    options.config ?? adapterConfig({ version: VERSION, projectRoot: ctx.projectRoot, dbPath: ctx.db.name });
  const found = planRuleImport(ctx, RULE_FORMATS);
  const known = knownOf(ctx, found);
  const tree = diskTree(ctx.projectRoot);
  const links = linkTargets(ctx.projectRoot, [...new Set(found.files.map((f) => f.file))]);
  const decide = (forced: ReadonlyMap<string, SourceAction>) =>
    decideSources({ ctx, found, known, options, config, links, forced });
  let forced = guardedFiles(tree, options.unreached ?? []);
  let decided = decide(forced);
  // A moved rule that points at a file (`@path`) keeps that file: each pass can only keep more, so this ends.
  for (let more = referencedRemovals(decided); more.size > 0; more = referencedRemovals(decided)) {
    forced = new Map([...forced, ...more]);
    decided = decide(forced);
  }
  const { taken, originals } = decided;
  const sources = keepingImportsOfKept(decided.sources, originals);
  const rule_files = [
    ...taken.fresh.map((f) => ({ path: f.item.source_path, content: f.item.content })),
    ...taken.relocated.map((r) => r.rule),
  ];
  const changing = sources.filter((s) => s.action === "rewrite" || s.action === "remove");
  return {
    keep_sources: options.keep_sources === true,
    force: options.force === true,
    import: { ...found, items: taken.fresh.map((f) => f.item) },
    documents: taken.fresh.map((f) => f.document),
    relocated: taken.relocated.map((r) => r.doc),
    rule_files,
    sources,
    blockers: blockersOf(ctx.projectRoot, rule_files, changing),
    warnings: ignoredRulesWarning(ctx.projectRoot, rule_files),
    always_loaded: {
      before: nativeContext(tree),
      after: nativeContext(changedTree(tree, changesOf(sources, links))),
    },
  };
}

/** A rewritten source keeps its imports of kept sources; one that then equals its original is unchanged. */
function keepingImportsOfKept(
  sources: SourceAction[],
  originals: ReadonlyMap<string, string>,
): SourceAction[] {
  const kept = new Set(sources.filter((s) => s.action === "keep").map((s) => s.path));
  return sources.map((s) => {
    if (s.action !== "rewrite") return s;
    const original = originals.get(s.path) ?? "";
    const text = withKeptImports(s.path, original, s.text, kept);
    return text === original ? { path: s.path, action: "unchanged" } : { ...s, text };
  });
}

/** Rule files that would overwrite another's, sources the run cannot write, and (forceable) uncommitted ones. */
function blockersOf(
  root: string,
  ruleFiles: readonly RuleFile[],
  changing: readonly SourceAction[],
): Blocker[] {
  return [
    ...ruleFileBlockers(root, ruleFiles),
    ...unwritable(root, changing),
    ...uncommittedFiles(
      root,
      changing.map((s) => s.path),
    ).map((dirty) => ({ ...dirty, forceable: true })),
  ];
}

function ignoredRulesWarning(root: string, ruleFiles: readonly RuleFile[]): string[] {
  return ruleFiles.length > 0 && isIgnored(root, ruleFiles[0]?.path as string)
    ? [
        `git ignores ${RULE_FILES_DIR}/, so the rule files would not travel with the repository: in .gitignore write ".archon/*" (not ".archon/") and "!${RULE_FILES_DIR}/", then commit them.`,
      ]
    : [];
}

/** What each changing file will hold (null: removed); a link reads what its target will hold. */
function changesOf(
  sources: readonly SourceAction[],
  links: ReadonlyMap<string, string>,
): Map<string, string | null> {
  const changes = new Map<string, string | null>(
    sources.flatMap((s): [string, string | null][] =>
      s.action === "rewrite" ? [[s.path, s.text]] : s.action === "remove" ? [[s.path, null]] : [],
    ),
  );
  for (const [link, linked] of links) if (changes.has(linked)) changes.set(link, changes.get(linked) ?? null);
  return changes;
}
