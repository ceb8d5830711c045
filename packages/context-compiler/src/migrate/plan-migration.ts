// Plans a migration: which rules move to .archon/rules/, what each source file becomes, bytes before and after.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sha256, UserError } from "@archon/core";
import { type AdapterConfig, adapterConfig } from "../adapters/adapter-config.js";
import { nestedRuleBlock, ruleBlock } from "../adapters/rule-block.js";
import { edgeHintLabel } from "../knowledge/edge-hints.js";
import { RULE_FORMATS } from "../knowledge/imports/formats/rule-file.js";
import type { ImportFlag, ImportItem } from "../knowledge/imports/import-item.js";
import { planRuleImport, type RuleFileReport } from "../knowledge/imports/import-rules.js";
import { readProjectFile } from "../knowledge/project-path.js";
import { approvedDocumentTexts, getDocument } from "../store/documents.js";
import { VERSION } from "../version.js";
import { isIgnored, uncommittedFiles } from "./git-state.js";
import type {
  Blocker,
  MigratedDocument,
  MigrationContext,
  MigrationOptions,
  MigrationPlan,
  RelocatedDocument,
  RuleFile,
  SourceAction,
} from "./migration-plan.js";
import { RULES_DIR, ruleFileOf } from "./migration-plan.js";
import { changedTree, diskTree, nativeContext } from "./native-context.js";
import { archonBlocks, isArchonFile, isRootFile, reducedText, sourceKind } from "./source-files.js";

type Held = Extract<ImportFlag, { flag: "already_imported" }>;

/** What the knowledge base already knows, looked up once per plan. */
interface Known {
  items: Map<string, ImportItem>;
  /** Item doc_id → the document or pending proposal that already holds its source. */
  held: Map<string, Held>;
  approvedHashes: Set<string>;
}

/** How one file's units are accounted for. */
interface FileUnits {
  fresh: { item: ImportItem; document: MigratedDocument }[];
  relocated: { doc: RelocatedDocument; rule: RuleFile }[];
  /** Pending proposals holding some of its units. */
  pending: string[];
}

function accountUnits(ctx: MigrationContext, file: RuleFileReport, known: Known): FileUnits {
  const units: FileUnits = { fresh: [], relocated: [], pending: [] };
  for (const id of file.doc_ids) {
    const holder = known.held.get(id);
    if (holder && holder.status !== "approved") units.pending.push(holder.doc_id);
    else if (holder) {
      const doc = getDocument(ctx.db, holder.doc_id);
      if (doc?.source_path && !doc.source_path.startsWith(`${RULES_DIR}/`)) {
        const rule_file = ruleFileOf(doc.doc_id);
        units.relocated.push({
          doc: { doc_id: doc.doc_id, from: doc.source_path, rule_file, base_content_hash: doc.content_hash },
          rule: { path: rule_file, content: doc.content },
        });
      }
    } else {
      const item = known.items.get(id) as ImportItem;
      // A rule the knowledge base already holds word for word.
      if (known.approvedHashes.has(sha256(item.content))) continue;
      const rule_file = ruleFileOf(item.doc_id);
      units.fresh.push({
        item: { ...item, source_path: rule_file },
        document: {
          doc_id: item.doc_id,
          title: item.title,
          from: item.source_path,
          rule_file,
          scope: item.edge_hints.map(edgeHintLabel),
          ...(item.description !== undefined ? { description: item.description } : {}),
          bytes: item.bytes,
          flags: item.flags,
        },
      });
    }
  }
  return units;
}

/** Text outside archon's blocks that is more than blank lines, headings and `@path` imports. */
function saysSomething(text: string, own: readonly string[]): boolean {
  const rest = own.reduce((t, block) => t.replace(block, ""), text);
  return rest.split(/\r?\n/).some((l) => l.trim() !== "" && !/^#{1,6}\s/.test(l) && !/^@\S+$/.test(l.trim()));
}

/** What one source becomes once its units are in the knowledge base. */
function sourceAction(
  file: RuleFileReport,
  text: string,
  own: string[],
  units: FileUnits,
  config: AdapterConfig,
): SourceAction {
  const path = file.file;
  const kind = sourceKind(path);
  if (kind === undefined)
    return { path, action: "keep", reason: "archon migrate does not reduce this kind of file" };
  if (units.pending.length > 0)
    return {
      path,
      action: "keep",
      reason: `its rules wait in pending proposals (${units.pending.join(", ")}); approve or reject them, then run again`,
    };
  if (file.doc_ids.length === 0 && saysSomething(text, own))
    return {
      path,
      action: "keep",
      reason: `no rule could be read from it (${file.notes.join("; ") || "no units"})`,
    };
  if (kind === "rule-file") return { path, action: "remove" };
  const reduced = reducedText(path, text, isRootFile(path) ? ruleBlock(config) : nestedRuleBlock(config));
  return reduced === text ? { path, action: "unchanged" } : { path, action: "rewrite", text: reduced };
}

/** A file archon did not write, where a rule file would go, is never overwritten. */
function ruleFileBlockers(root: string, rules: readonly RuleFile[]): Blocker[] {
  return rules.flatMap((rule) => {
    let existing: string | undefined;
    try {
      existing = readFileSync(join(root, rule.path), "utf8");
    } catch {
      return [];
    }
    return existing === rule.content
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

/**
 * Reads every instruction file import-rules reads and decides everything a migration does; writes nothing.
 * Units already in the knowledge base (by source, or as an exact copy) are not imported again, and a source
 * left as it is for a reason (broken markers, pending proposals) gives none of its rules: they come with it later.
 */
export function planMigration(ctx: MigrationContext, options: MigrationOptions = {}): MigrationPlan {
  const config =
    options.config ?? adapterConfig({ version: VERSION, projectRoot: ctx.projectRoot, dbPath: ctx.db.name });
  const found = planRuleImport(ctx, RULE_FORMATS);
  const known: Known = {
    items: new Map(found.items.map((i) => [i.doc_id, i])),
    held: new Map(
      found.already_imported.map((i) => [
        i.doc_id,
        i.flags.find((f) => f.flag === "already_imported") as Held,
      ]),
    ),
    approvedHashes: new Set(approvedDocumentTexts(ctx.db).map((d) => sha256(d.content))),
  };
  const taken: FileUnits = { fresh: [], relocated: [], pending: [] };
  const sources: SourceAction[] = [];
  for (const file of found.files) {
    let action: SourceAction;
    let units: FileUnits;
    try {
      const text = readProjectFile(ctx.projectRoot, file.file).text;
      if (isArchonFile(text)) continue;
      const own = archonBlocks(file.file, text);
      units = accountUnits(ctx, file, known);
      action = options.keep_sources
        ? { path: file.file, action: "keep", reason: "--keep-sources" }
        : sourceAction(file, text, own, units, config);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      sources.push({ path: file.file, action: "keep", reason: error.message });
      continue;
    }
    sources.push(action);
    const importsRules =
      action.action !== "keep" || options.keep_sources || sourceKind(file.file) === undefined;
    if (!importsRules) continue;
    taken.fresh.push(...units.fresh);
    taken.relocated.push(...units.relocated);
  }
  const rule_files = [
    ...taken.fresh.map((f) => ({ path: f.item.source_path, content: f.item.content })),
    ...taken.relocated.map((r) => r.rule),
  ];
  const changing = sources.filter((s) => s.action === "rewrite" || s.action === "remove").map((s) => s.path);
  const blockers: Blocker[] = [
    ...ruleFileBlockers(ctx.projectRoot, rule_files),
    ...uncommittedFiles(ctx.projectRoot, changing).map((dirty) => ({ ...dirty, forceable: true })),
  ];
  const warnings =
    rule_files.length > 0 && isIgnored(ctx.projectRoot, rule_files[0]?.path as string)
      ? [
          `git ignores ${RULES_DIR}/, so the rule files would not travel with the repository: in .gitignore write ".archon/*" (not ".archon/") and "!${RULES_DIR}/", then commit them.`,
        ]
      : [];
  const tree = diskTree(ctx.projectRoot);
  const changes = new Map<string, string | null>(
    sources.flatMap((s): [string, string | null][] =>
      s.action === "rewrite" ? [[s.path, s.text]] : s.action === "remove" ? [[s.path, null]] : [],
    ),
  );
  return {
    keep_sources: options.keep_sources === true,
    force: options.force === true,
    import: { ...found, items: taken.fresh.map((f) => f.item) },
    documents: taken.fresh.map((f) => f.document),
    relocated: taken.relocated.map((r) => r.doc),
    rule_files,
    sources,
    blockers,
    warnings,
    always_loaded: { before: nativeContext(tree), after: nativeContext(changedTree(tree, changes)) },
  };
}
