// The migration as a plan: which rules move to .archon/rules/, what each source file becomes, bytes before/after.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Db, sha256, UserError } from "@archon/core";
import { type AdapterConfig, adapterConfig } from "../adapters/adapter-config.js";
import { nestedRuleBlock, ruleBlock } from "../adapters/rule-block.js";
import { RULE_FORMATS } from "../knowledge/imports/formats/rule-file.js";
import type { ImportFlag, ImportItem } from "../knowledge/imports/import-item.js";
import { planRuleImport, type RuleImportPlan } from "../knowledge/imports/import-rules.js";
import { resolveProjectFile } from "../knowledge/project-path.js";
import { approvedDocumentTexts, getDocument } from "../store/documents.js";
import { VERSION } from "../version.js";
import { changedTree, diskTree, type NativeContext, nativeContext } from "./native-context.js";
import { archonBlocks, isArchonFile, isRootFile, reducedText, sourceKind } from "./source-files.js";
import { uncommittedFiles } from "./uncommitted.js";

export const RULES_DIR = ".archon/rules";
export const ruleFileOf = (docId: string) => `${RULES_DIR}/${docId}.md`;

export interface MigrationOptions {
  /** Leave every source file as it is; the rules still move into the knowledge base and .archon/rules/. */
  keep_sources?: boolean;
  /** Rewrite sources git has uncommitted changes to (the backup still keeps their bytes). */
  force?: boolean;
  /** What the managed blocks are rendered from; by default what deploy-adapters renders from. */
  config?: AdapterConfig;
}

/** A rule that becomes a document, file-backed by its own markdown file. */
export interface MigratedDocument {
  doc_id: string;
  title: string;
  /** Where the text came from (file and anchor). */
  from: string;
  rule_file: string;
  /** Edge hints as `glob` or `edge_type:value`; empty means compile cannot reach it until it is scoped. */
  scope: string[];
  bytes: number;
  flags: ImportFlag[];
}

/** An approved document imported earlier from a source this migration changes: it moves to its own file. */
export interface RelocatedDocument {
  doc_id: string;
  from: string;
  rule_file: string;
  base_content_hash: string;
}

export type SourceAction =
  | { path: string; action: "rewrite"; text: string }
  | { path: string; action: "remove" }
  | { path: string; action: "unchanged" }
  | { path: string; action: "keep"; reason: string };

export interface Blocker {
  path: string;
  reason: string;
  /** Whether --force may go ahead anyway. */
  forceable: boolean;
}

export interface MigrationPlan {
  keep_sources: boolean;
  force: boolean;
  /** The import with every item's source_path already pointing at its rule file. */
  import: RuleImportPlan;
  documents: MigratedDocument[];
  relocated: RelocatedDocument[];
  /** Rule files to write: their text is exactly the document content. */
  rule_files: { path: string; content: string }[];
  sources: SourceAction[];
  blockers: Blocker[];
  always_loaded: { before: NativeContext[]; after: NativeContext[] };
}

export interface MigrationContext {
  db: Db;
  projectRoot: string;
}

const scopeOf = (item: ImportItem) =>
  item.edge_hints.map((h) =>
    h.edge_type === "path_requires" ? h.source_value : `${h.edge_type}:${h.source_value}`,
  );

const readSource = (root: string, path: string) =>
  readFileSync(resolveProjectFile(root, path).absolute, "utf8");

/** Text outside archon's blocks that is more than blank lines, headings and `@path` imports. */
const saysSomething = (text: string) =>
  text.split(/\r?\n/).some((l) => l.trim() !== "" && !/^#{1,6}\s/.test(l) && !/^@\S+$/.test(l.trim()));

/** Per file: what it becomes, given how each of its units was accounted for. */
function sourceAction(
  root: string,
  file: { file: string; doc_ids: string[]; notes: string[] },
  held: readonly string[],
  config: AdapterConfig,
): SourceAction {
  const path = file.file;
  const kind = sourceKind(path);
  if (kind === undefined)
    return { path, action: "keep", reason: "archon migrate does not reduce this kind of file" };
  if (held.length > 0)
    return {
      path,
      action: "keep",
      reason: `its rules wait in pending proposals (${held.join(", ")}); approve or reject them, then run again`,
    };
  const text = readSource(root, path);
  if (
    file.doc_ids.length === 0 &&
    saysSomething(archonBlocks(path, text).reduce((t, b) => t.replace(b, ""), text))
  )
    return {
      path,
      action: "keep",
      reason: `no rule could be read from it (${file.notes.join("; ") || "no units"})`,
    };
  if (kind === "rule-file") return { path, action: "remove" };
  const block = isRootFile(path) ? ruleBlock(config) : nestedRuleBlock(config);
  const reduced = reducedText(path, text, block);
  return reduced === text ? { path, action: "unchanged" } : { path, action: "rewrite", text: reduced };
}

/**
 * Reads every instruction file import-rules reads and decides everything a migration does; writes nothing.
 * Units already in the knowledge base (by source, or as an exact copy) are not imported again.
 */
export function planMigration(ctx: MigrationContext, options: MigrationOptions = {}): MigrationPlan {
  const config =
    options.config ?? adapterConfig({ version: VERSION, projectRoot: ctx.projectRoot, dbPath: ctx.db.name });
  const found = planRuleImport(ctx, RULE_FORMATS);
  const byId = new Map(found.items.map((i) => [i.doc_id, i]));
  const heldBy = new Map(
    found.already_imported.map((i) => {
      const flag = i.flags.find((f) => f.flag === "already_imported") as Extract<
        ImportFlag,
        { flag: "already_imported" }
      >;
      return [i.doc_id, flag];
    }),
  );
  const approvedHashes = new Set(approvedDocumentTexts(ctx.db).map((d) => sha256(d.content)));
  const blockers: Blocker[] = [];
  const items: ImportItem[] = [];
  const documents: MigratedDocument[] = [];
  const relocated: RelocatedDocument[] = [];
  const sources: SourceAction[] = [];

  for (const file of found.files) {
    let text: string;
    try {
      text = readSource(ctx.projectRoot, file.file);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      sources.push({ path: file.file, action: "keep", reason: error.message });
      continue;
    }
    if (isArchonFile(text)) continue;
    let own: string[];
    try {
      own = archonBlocks(file.file, text);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      sources.push({ path: file.file, action: "keep", reason: error.message });
      continue;
    }
    const held: string[] = [];
    for (const id of file.doc_ids) {
      const holder = heldBy.get(id);
      if (holder) {
        if (holder.status !== "approved") held.push(holder.doc_id);
        else {
          const doc = getDocument(ctx.db, holder.doc_id);
          if (doc && doc.source_path !== null && !doc.source_path.startsWith(`${RULES_DIR}/`))
            relocated.push({
              doc_id: doc.doc_id,
              from: doc.source_path,
              rule_file: ruleFileOf(doc.doc_id),
              base_content_hash: doc.content_hash,
            });
        }
        continue;
      }
      const item = byId.get(id) as ImportItem;
      // Archon's own block read back, or a rule the knowledge base already holds word for word.
      if (own.some((block) => block.includes(item.content)) || approvedHashes.has(sha256(item.content)))
        continue;
      const rule_file = ruleFileOf(item.doc_id);
      items.push({ ...item, source_path: rule_file });
      documents.push({
        doc_id: item.doc_id,
        title: item.title,
        from: item.source_path,
        rule_file,
        scope: scopeOf(item),
        bytes: item.bytes,
        flags: item.flags,
      });
    }
    if (options.keep_sources === true)
      sources.push({ path: file.file, action: "keep", reason: "--keep-sources" });
    else {
      try {
        sources.push(sourceAction(ctx.projectRoot, file, held, config));
      } catch (error) {
        if (!(error instanceof UserError)) throw error;
        sources.push({ path: file.file, action: "keep", reason: error.message });
      }
    }
  }

  const rule_files = [
    ...items.map((i) => ({ path: i.source_path, content: i.content })),
    ...relocated.map((r) => ({ path: r.rule_file, content: getDocument(ctx.db, r.doc_id)?.content ?? "" })),
  ];
  for (const rule of rule_files) {
    let existing: string | undefined;
    try {
      existing = readFileSync(join(ctx.projectRoot, rule.path), "utf8");
    } catch {
      existing = undefined;
    }
    if (existing !== undefined && existing !== rule.content)
      blockers.push({
        path: rule.path,
        reason: "already exists with other text, and archon did not write it",
        forceable: false,
      });
  }
  const changing = sources.filter((s) => s.action === "rewrite" || s.action === "remove").map((s) => s.path);
  for (const dirty of uncommittedFiles(ctx.projectRoot, changing))
    blockers.push({ ...dirty, forceable: true });

  const tree = diskTree(ctx.projectRoot);
  const changes = new Map<string, string | null>(
    sources.flatMap((s): [string, string | null][] =>
      s.action === "rewrite" ? [[s.path, s.text]] : s.action === "remove" ? [[s.path, null]] : [],
    ),
  );
  return {
    keep_sources: options.keep_sources === true,
    force: options.force === true,
    import: { ...found, items },
    documents,
    relocated,
    rule_files,
    sources,
    blockers,
    always_loaded: { before: nativeContext(tree), after: nativeContext(changedTree(tree, changes)) },
  };
}
