// Writing the rule files after a change to knowledge: each approved document a commit touched gets its
// file rendered anew, a retired one loses its file, so that an approval is a text diff to commit. A file
// is only ever replaced when no one's text is lost: archon wrote it, git holds it, or it says the same.
import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Db, UserError } from "@archon/core";
import { type DocumentRow, documentState, getDocument, isApproved } from "../../store/documents.js";
import { edgeEndDocuments, edgesOwnedBy } from "../../store/edges.js";
import {
  type InitManifest,
  readInitManifest,
  templateBaseline,
  UNKNOWN_BASELINE,
} from "../../store/init-manifest.js";
import { allLayerRules } from "../../store/layer-rules.js";
import { type RuleFileBase, ruleFileBases } from "../../store/rule-files.js";
import { tagsOfDocument } from "../../store/tags.js";
import type { KnowledgeChange } from "../approval/knowledge-change.js";
import { folderIsEmpty } from "../project-write-folder.js";
import type { WriteContext } from "../write-context.js";
import { blobOid } from "./committed-tree.js";
import { LAYERS_FILE, renderLayersFile } from "./layers-file.js";
import {
  holdsRuleText,
  RULE_FILES_DIR,
  type RuleFileDoc,
  renderRuleFile,
  ruleFilePath,
} from "./rule-file-text.js";

/**
 * A template document's `template` and `installed` fields: the applied template's name, and what it
 * installed when its baseline and version are known (a clone rebuilds the upgrade's baseline from them).
 */
function templateFields(
  baseline: string | undefined,
  manifest: InitManifest | undefined,
): Pick<RuleFileDoc, "template" | "installed"> {
  if (baseline === undefined) return { template: null, installed: null };
  const version = manifest?.template_version ?? null;
  return {
    template: manifest?.template ?? "template",
    installed:
      version === null || baseline === UNKNOWN_BASELINE
        ? null
        : { version, sha256: baseline, placeholders: manifest?.placeholders ?? {} },
  };
}

/** A document as its rule file states it; undefined when it has no file (not approved, or a standing rule). */
function ruleFileDocOf(
  db: Db,
  doc: DocumentRow | undefined,
  manifest: () => InitManifest | undefined,
): RuleFileDoc | undefined {
  if (!doc || !isApproved(doc) || documentState(db, doc.doc_id)?.origin === "standing") return undefined;
  const edges = edgesOwnedBy(db, doc.doc_id);
  const values = (type: string) => edges.filter((e) => e.edge_type === type).map((e) => e.source_value);
  const baseline = templateBaseline(db, doc.doc_id);
  return {
    ...templateFields(baseline, baseline === undefined ? undefined : manifest()),
    doc_id: doc.doc_id,
    title: doc.title,
    kind: doc.kind,
    priority: doc.priority,
    description: doc.description,
    globs: values("path_requires"),
    layers: values("layer_requires"),
    commands: values("command_requires"),
    depends_on: edges.filter((e) => e.edge_type === "doc_depends_on").map((e) => e.target_doc_id),
    tags: tagsOfDocument(db, doc.doc_id),
    source: doc.source_path,
    content: doc.content,
  };
}

/** One file to write (`text`) or remove (null), and the content that makes replacing it harmless. */
export interface PlannedFile {
  path: string;
  doc_id: string | null;
  text: string | null;
  /** The rule's text: a file that holds exactly it (with or without front matter) loses nothing. */
  content: string | null;
}

/** The documents a change touched: its documents and both ends of every edge it added or removed. */
export function touchedDocuments(db: Db, change: KnowledgeChange): string[] {
  const ids = new Set([...change.documents_added, ...change.documents_updated, ...change.documents_removed]);
  for (const id of edgeEndDocuments(db, [...change.edges_added, ...change.edges_removed])) ids.add(id);
  return [...ids].sort();
}

/** The files `docIds` should now be, and the layers file when `layers` is set. */
export function planRuleFiles(db: Db, docIds: readonly string[], layers: boolean): PlannedFile[] {
  let read: { manifest: InitManifest | undefined } | undefined;
  const manifest = () => {
    read ??= { manifest: readInitManifest(db) };
    return read.manifest;
  };
  const planned: PlannedFile[] = docIds.map((id) => {
    const row = getDocument(db, id);
    const doc = ruleFileDocOf(db, row, manifest);
    return {
      path: ruleFilePath(id),
      doc_id: id,
      text: doc ? renderRuleFile(doc) : null,
      content: row?.content ?? null,
    };
  });
  if (layers) {
    const rules = allLayerRules(db);
    planned.push({
      path: LAYERS_FILE,
      doc_id: null,
      text: rules.length > 0 ? renderLayersFile(rules) : null,
      content: null,
    });
  }
  return planned;
}

/** The files the database holds as committed, with their blob ids. */
export const committedFiles = (db: Db): [string, string][] =>
  [...ruleFileBases(db).values()].flatMap((b) =>
    b.committed_oid === null ? [] : [[b.path, b.committed_oid] as [string, string]],
  );

export const workingBytes = (root: string, path: string): Buffer | undefined => {
  const stat = lstatSync(join(root, path), { throwIfNoEntry: false });
  return stat?.isFile() ? readFileSync(join(root, path)) : stat ? Buffer.from("\0not a file") : undefined;
};

/** Whether replacing (or removing) a working file holding `bytes` loses no one's text. */
export function harmless(bytes: Buffer, file: PlannedFile, base: RuleFileBase | undefined): boolean {
  const oid = blobOid(bytes);
  if (oid === base?.written_oid || oid === base?.committed_oid) return true;
  if (file.text !== null && oid === blobOid(file.text)) return true;
  return file.content !== null && holdsRuleText(bytes.toString("utf8"), file.content);
}

/** Refuses, before anything lands, when a planned file holds edits nobody committed or absorbed. */
export function assertRuleFilesReplaceable(ctx: WriteContext, planned: readonly PlannedFile[]): void {
  // Every planned file lives in the rules folder: when it holds nothing there is nothing to lose.
  if (folderIsEmpty(join(ctx.projectRoot, RULE_FILES_DIR))) return;
  const bases = ruleFileBases(ctx.db);
  const edited = planned
    .filter((f) => {
      const bytes = workingBytes(ctx.projectRoot, f.path);
      return bytes !== undefined && !harmless(bytes, f, bases.get(f.path));
    })
    .map((f) => f.path);
  if (edited.length === 0) return;
  throw new UserError(
    `${edited.join(", ")} ${edited.length === 1 ? "has" : "have"} edits that are neither committed nor archon's; this change would overwrite them. Nothing was changed.`,
    "Commit the edited rule files (a commit is how rule files change knowledge) or restore them with `git restore`, then try again.",
  );
}
