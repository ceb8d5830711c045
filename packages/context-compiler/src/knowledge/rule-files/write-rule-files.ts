// Writing the planned rule files into the working folder: all at once into an empty folder (a first
// seed), otherwise file by file, each replaced only when no one's text is lost; then what was written is
// remembered, so the next change and the next absorption know archon's own files from a person's edits.
import { basename, join, relative } from "node:path";
import type { Db } from "@archon/core";
import { approvedDocIds } from "../../store/documents.js";
import {
  absorbedStamp,
  recordAbsorbedStamp,
  recordRuleFilesRendered,
  ruleFileBases,
  ruleFilesRendered,
  setCommittedOid,
  setWrittenOid,
} from "../../store/rule-files.js";
import { removeProjectFile, replaceProjectFile, writeProjectFiles } from "../project-write.js";
import { fillEmptyFolder, folderIsEmpty } from "../project-write-folder.js";
import { inGitWorkTree } from "../standing-rules/committed-rules.js";
import type { WriteContext } from "../write-context.js";
import { blobOid, worktreeStamp } from "./committed-tree.js";
import { LAYERS_FILE } from "./layers-file.js";
import {
  committedFiles,
  harmless,
  type PlannedFile,
  planRuleFiles,
  workingBytes,
} from "./render-rule-files.js";
import { parseRuleFile, RULE_FILES_DIR, ruleFilePath } from "./rule-file-text.js";

export interface WrittenRuleFiles {
  written: string[];
  removed: string[];
  /** Files left alone because they hold someone's edits (only on the first full writing). */
  kept: string[];
}

/** What a writing does with each planned file, sorted before any file is touched. */
interface Sorted {
  done: WrittenRuleFiles;
  remember: [PlannedFile, string | null][];
  writes: { absolute: string; text: string }[];
}

/** Sorts the planned files against the working folder; `empty` says it held nothing, so none is read. */
function sortPlanned(ctx: WriteContext, planned: readonly PlannedFile[], empty: boolean): Sorted {
  const sorted: Sorted = { done: { written: [], removed: [], kept: [] }, remember: [], writes: [] };
  const { done, remember, writes } = sorted;
  const bases = ruleFileBases(ctx.db);
  for (const file of planned) {
    const bytes = empty ? undefined : workingBytes(ctx.projectRoot, file.path);
    if (file.text === null) {
      if (bytes === undefined) continue;
      if (!harmless(bytes, file, bases.get(file.path))) {
        done.kept.push(file.path);
        continue;
      }
      removeProjectFile({ root: ctx.projectRoot }, file.path, { force: true });
      done.removed.push(file.path);
      remember.push([file, null]);
      continue;
    }
    const oid = blobOid(file.text);
    if (bytes !== undefined && blobOid(bytes) === oid) {
      remember.push([file, oid]);
      continue;
    }
    if (bytes !== undefined && !harmless(bytes, file, bases.get(file.path))) {
      done.kept.push(file.path);
      continue;
    }
    writes.push({ absolute: join(ctx.projectRoot, file.path), text: file.text });
    done.written.push(file.path);
    remember.push([file, oid]);
  }
  return sorted;
}

/**
 * Into a missing or empty rules folder (a first seed), every file lands at once through one rename of a
 * staging folder; false when a file appeared there meanwhile, which then goes through the file-by-file path.
 */
function fillRulesFolder(ctx: WriteContext, sorted: Sorted): boolean {
  const folder = join(ctx.projectRoot, RULE_FILES_DIR);
  const files = sorted.writes.map((w) => ({ name: relative(folder, w.absolute), text: w.text }));
  if (files.some((f) => f.name !== basename(f.name))) return false;
  return fillEmptyFolder({ root: ctx.projectRoot }, folder, files);
}

/** Writes the planned files through the project's write guard and remembers what it wrote. */
export function writeRuleFiles(ctx: WriteContext, planned: readonly PlannedFile[]): WrittenRuleFiles {
  const roots = { root: ctx.projectRoot };
  const outsideGit = !inGitWorkTree(ctx.projectRoot);
  let sorted: Sorted | undefined;
  if (folderIsEmpty(join(ctx.projectRoot, RULE_FILES_DIR))) {
    sorted = sortPlanned(ctx, planned, true);
    if (!fillRulesFolder(ctx, sorted)) sorted = undefined;
  }
  if (sorted === undefined) {
    sorted = sortPlanned(ctx, planned, false);
    // Outside git the folder is the source another process may be reading: each file whole or not at all.
    if (outsideGit) for (const w of sorted.writes) replaceProjectFile(roots, w.absolute, w.text);
    else writeProjectFiles(roots, sorted.writes);
  }
  // Outside git the working folder is what is committed: what archon wrote there is the source already,
  // and the folder as archon left it needs no absorbing.
  const committed = outsideGit;
  const { remember } = sorted;
  ctx.db
    .transaction(() => {
      const absorbed = absorbedStamp(ctx.db) === worktreeStamp(committedFiles(ctx.db));
      for (const [file, oid] of remember) {
        setWrittenOid(ctx.db, file.path, file.doc_id, oid);
        if (committed) setCommittedOid(ctx.db, file.path, oid === null ? null : file.doc_id, oid);
      }
      if (committed && absorbed) recordAbsorbedStamp(ctx.db, worktreeStamp(committedFiles(ctx.db)));
    })
    .immediate();
  return sorted.done;
}

/**
 * Every approved document's file, once, for a database made before rule files were the source: a file
 * that already states the same rule (a teammate's formatting) is left as it is, one holding other edits
 * is kept and named. `known` are files the change just planned, in the same state: not planned twice.
 */
export function writeAllRuleFiles(ctx: WriteContext, known: readonly PlannedFile[] = []): WrittenRuleFiles {
  const planned: PlannedFile[] = [];
  const same: [string, string, string][] = [];
  const empty = folderIsEmpty(join(ctx.projectRoot, RULE_FILES_DIR));
  const have = new Set(known.map((f) => f.path));
  const rest = approvedDocIds(ctx.db).filter((id) => !have.has(ruleFilePath(id)));
  for (const file of [...known, ...planRuleFiles(ctx.db, rest, !have.has(LAYERS_FILE))]) {
    if (file.text === null) continue;
    const bytes = empty ? undefined : workingBytes(ctx.projectRoot, file.path);
    if (bytes === undefined) {
      planned.push(file);
      continue;
    }
    const now = parseRuleFile(file.path, bytes.toString("utf8"));
    const wanted = parseRuleFile(file.path, file.text);
    if (now.ok && wanted.ok && JSON.stringify(now.doc) === JSON.stringify(wanted.doc))
      same.push([file.path, file.doc_id ?? "", blobOid(bytes)]);
    else planned.push(file);
  }
  const done = writeRuleFiles(ctx, planned);
  ctx.db
    .transaction(() => {
      for (const [path, docId, oid] of same) setWrittenOid(ctx.db, path, docId === "" ? null : docId, oid);
      recordRuleFilesRendered(ctx.db);
    })
    .immediate();
  return done;
}

export const needsFirstWriting = (db: Db): boolean => !ruleFilesRendered(db);
