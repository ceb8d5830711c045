// Reading what a commit changed under .archon/rules/: the changed files parsed, each problem named with
// its path and line, and the files that clash (one doc_id claimed twice, a dependency that breaks the
// graph) kept out, so that the absorption lands only what reads cleanly.
import { anchoredDocuments, documentState } from "../../store/documents.js";
import type { RuleFileBase } from "../../store/rule-files.js";
import { sourcePathOutside } from "../project-path.js";
import { dependencyProblems } from "../seed-file.js";
import type { WriteContext } from "../write-context.js";
import { LAYERS_FILE, type LayerRuleText, parseLayersFile } from "./layers-file.js";
import { parseRuleFile, type RuleFileDoc } from "./rule-file-text.js";

export interface Reading {
  docs: { path: string; oid: string; doc: RuleFileDoc }[];
  layers: { oid: string | null; rules: LayerRuleText[] } | undefined;
  removed: { path: string; doc_id: string | null }[];
  problems: string[];
}

/** A rule file an older archon wrote holds its document's text alone; the texts by source, read once. */
function olderFiles(ctx: WriteContext): (path: string, text: string) => boolean {
  let bySource: Map<string, string> | undefined;
  return (path, text) => {
    if (text.startsWith("---")) return false;
    bySource ??= new Map(anchoredDocuments(ctx.db).map((d) => [d.source_path, d.content]));
    return bySource.get(path) === text;
  };
}

/** Parses what changed between the bases and the tree; files with problems are left out of `docs`. */
export function readChanges(
  ctx: WriteContext,
  bases: Map<string, RuleFileBase>,
  files: Map<string, string>,
  textOf: (oids: string[]) => Map<string, string>,
  removable: (path: string) => boolean,
): Reading {
  const changed = [...files].filter(([path, oid]) => bases.get(path)?.committed_oid !== oid).sort();
  const texts = textOf(changed.map(([, oid]) => oid));
  const reading: Reading = { docs: [], layers: undefined, removed: [], problems: [] };
  const oldFormat = olderFiles(ctx);
  for (const [path, oid] of changed) {
    const text = texts.get(oid);
    if (text === undefined) {
      reading.problems.push(`${path}: git could not read its blob ${oid}`);
      continue;
    }
    if (path === LAYERS_FILE) {
      const layers = parseLayersFile(text);
      if (layers.ok) reading.layers = { oid, rules: layers.rules };
      else reading.problems.push(...layers.problems);
      continue;
    }
    const parsed = parseRuleFile(path, text);
    // A rule file an older archon wrote (the text alone): its rule is in the database, which writes the
    // file anew with its front matter at the next change; nothing to absorb, nothing to report.
    if (!parsed.ok && oldFormat(path, text)) continue;
    if (!parsed.ok) {
      reading.problems.push(...parsed.problems);
      continue;
    }
    const outside =
      parsed.doc.source === null ? undefined : sourcePathOutside(ctx.projectRoot, parsed.doc.source);
    if (outside) {
      reading.problems.push(`${path}: source ${outside}`);
      continue;
    }
    if (documentState(ctx.db, parsed.doc.doc_id)?.origin === "standing") {
      reading.problems.push(
        `${path}: doc_id "${parsed.doc.doc_id}" is a standing rule, kept in .archon/rules.md; give the file another doc_id`,
      );
      continue;
    }
    reading.docs.push({ path, oid, doc: parsed.doc });
  }
  for (const [path, base] of bases)
    if (base.committed_oid !== null && !files.has(path) && removable(path)) {
      if (path === LAYERS_FILE) reading.layers = { oid: null, rules: [] };
      else reading.removed.push({ path, doc_id: base.doc_id });
    }
  return reading;
}

const RULE_FILES_NOTE = ".archon/rules: ";

/** A doc_id claimed by two files, or a dependency that breaks the graph, keeps every file involved out. */
export function refuseClashes(ctx: WriteContext, bases: Map<string, RuleFileBase>, reading: Reading): void {
  const owner = new Map<string, string>();
  for (const [path, base] of bases)
    if (base.committed_oid !== null && base.doc_id !== null) owner.set(base.doc_id, path);
  for (const { path } of reading.removed) for (const [id, p] of owner) if (p === path) owner.delete(id);
  const clashing = new Set<string>();
  for (const { path, doc } of reading.docs) {
    const other = owner.get(doc.doc_id);
    if (other !== undefined && other !== path) {
      reading.problems.push(`${path}: doc_id "${doc.doc_id}" is already the rule of ${other}`);
      clashing.add(path);
    } else owner.set(doc.doc_id, path);
  }
  reading.docs = reading.docs.filter((d) => !clashing.has(d.path));
  const deps = dependencyProblems(
    ctx.db,
    reading.docs.map((d) => d.doc),
  );
  if (deps.length > 0) {
    reading.problems.push(...deps.map((p) => `${RULE_FILES_NOTE}${p}`));
    reading.docs = [];
  }
}
