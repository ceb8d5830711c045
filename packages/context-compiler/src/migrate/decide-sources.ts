// Which rules a migration takes from each instruction file, and what each file becomes; files it is told to keep stay.
import { posix } from "node:path";
import { sha256, UserError } from "@archon/core";
import type { AdapterConfig } from "../adapters/adapter-config.js";
import { edgeHintLabel } from "../knowledge/edge-hints.js";
import { fileReferences, resolveImport } from "../knowledge/imports/formats/at-imports.js";
import type { ImportFlag, ImportItem } from "../knowledge/imports/import-item.js";
import type { RuleFileReport, RuleImportPlan } from "../knowledge/imports/import-rules.js";
import { readProjectFile } from "../knowledge/project-path.js";
import { RULE_FILES_DIR, ruleFilePath } from "../knowledge/rule-files/rule-file-text.js";
import { approvedDocumentTexts, getDocument } from "../store/documents.js";
import type {
  MigratedDocument,
  MigrationContext,
  MigrationOptions,
  RelocatedDocument,
  RuleFile,
  SourceAction,
} from "./migration-plan.js";
import { sourceAction, throughLink } from "./source-action.js";
import { archonBlocks, isArchonFile, sourceKind } from "./source-files.js";

type Held = Extract<ImportFlag, { flag: "already_imported" }>;

/** What the knowledge base already knows, looked up once per plan. */
export interface Known {
  items: Map<string, ImportItem>;
  /** Item doc_id → the document or pending proposal that already holds its source. */
  held: Map<string, Held>;
  approvedHashes: Set<string>;
}

/** How one file's units are accounted for. */
export interface FileUnits {
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
      if (doc?.source_path && !doc.source_path.startsWith(`${RULE_FILES_DIR}/`)) {
        const rule_file = ruleFilePath(doc.doc_id);
        units.relocated.push({
          doc: { doc_id: doc.doc_id, from: doc.source_path, rule_file, base_content_hash: doc.content_hash },
          rule: { path: rule_file, content: doc.content },
        });
      }
    } else {
      const item = known.items.get(id) as ImportItem;
      // A rule the knowledge base already holds word for word.
      if (known.approvedHashes.has(sha256(item.content))) continue;
      const rule_file = ruleFilePath(item.doc_id);
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

/** The knowledge base's side of an import plan: what it already holds, by source and word for word. */
export function knownOf(ctx: MigrationContext, found: RuleImportPlan): Known {
  return {
    items: new Map(found.items.map((i) => [i.doc_id, i])),
    held: new Map(
      found.already_imported.map((i) => [
        i.doc_id,
        i.flags.find((f) => f.flag === "already_imported") as Held,
      ]),
    ),
    approvedHashes: new Set(approvedDocumentTexts(ctx.db).map((d) => sha256(d.content))),
  };
}

export interface Decided {
  sources: SourceAction[];
  /** The units of the files whose rules move now. */
  taken: FileUnits;
  /** Each source's text as read, for what a rewrite must carry over. */
  originals: Map<string, string>;
}

interface DecideInput {
  ctx: MigrationContext;
  found: RuleImportPlan;
  known: Known;
  options: MigrationOptions;
  config: AdapterConfig;
  /** In-project links among the sources → their targets. */
  links: ReadonlyMap<string, string>;
  /** Sources kept whatever they hold (an unreached agent reads them, a moved rule points at them). */
  forced: ReadonlyMap<string, SourceAction>;
}

/**
 * Each source's action, and the units taken with it. A source left as it is for a reason (broken markers,
 * pending proposals, an agent that needs it) gives none of its rules: they come with it later.
 */
export function decideSources(input: DecideInput): Decided {
  const { ctx, found, known, options, config, links, forced } = input;
  const taken: FileUnits = { fresh: [], relocated: [], pending: [] };
  const sources: SourceAction[] = [];
  const originals = new Map<string, string>();
  const discovered = new Set(found.files.map((f) => f.file));
  for (const file of found.files) {
    let action: SourceAction;
    let units: FileUnits;
    const target = links.get(file.file);
    try {
      const text = readProjectFile(ctx.projectRoot, file.file).text;
      if (isArchonFile(text)) continue;
      originals.set(file.file, text);
      const own = archonBlocks(file.file, text);
      units = accountUnits(ctx, file, known);
      const kept = forced.get(file.file) ?? (target !== undefined ? forced.get(target) : undefined);
      action = options.keep_sources
        ? { path: file.file, action: "keep", reason: "--keep-sources" }
        : kept !== undefined
          ? { ...kept, path: file.file }
          : sourceAction(file, text, own, units.pending, config);
      if (target !== undefined) action = throughLink(file.file, target, discovered.has(target), action);
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
  return { sources, taken, originals };
}

/** Sources about to be removed that a moved rule names as `@path`: each kept, saying which rule points at it. */
export function referencedRemovals(decided: Decided): Map<string, SourceAction> {
  const removed = new Set(decided.sources.filter((s) => s.action === "remove").map((s) => s.path));
  const kept = new Map<string, SourceAction>();
  for (const { item, document } of decided.taken.fresh) {
    const from = document.from.replace(/#.*$/, "");
    for (const line of item.content.split("\n"))
      for (const reference of fileReferences(line)) {
        const resolved = resolveImport(from, reference);
        if (!("path" in resolved) || !removed.has(resolved.path) || kept.has(resolved.path)) continue;
        kept.set(resolved.path, {
          path: resolved.path,
          action: "keep",
          reason: `the rule moved from ${posix.normalize(from)} names it (@${reference}), so it stays`,
        });
      }
  }
  return kept;
}
