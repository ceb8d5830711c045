// Absorbing the committed rule files: what a commit changed under .archon/rules/ since the last commit
// absorbed lands in the knowledge base through the one commit path, and is recorded for the person to be
// told of it. Only the files a commit changed are read, so a rule approved here and not committed yet
// stands until a commit changes that very file. A file that does not parse is reported with its line,
// and the knowledge it held stays as it was.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { documentState, isApproved } from "../../store/documents.js";
import { adoptTemplate, setTemplateDocument } from "../../store/init-manifest.js";
import { replaceLayerRules } from "../../store/layer-rules.js";
import {
  absorbedRefStamp,
  absorbedStamp,
  recordAbsorbedRefStamp,
  recordAbsorbedStamp,
  recordRuleFileChange,
  ruleFileBases,
  setCommittedOid,
} from "../../store/rule-files.js";
import { seedWork } from "../apply-seed.js";
import { deprecateDocument } from "../approval/apply-document.js";
import { commitKnowledge } from "../approval/commit-knowledge.js";
import { combineChanges, isChanged, type KnowledgeChange, noChange } from "../approval/knowledge-change.js";
import { absorbRulesFrom } from "../project-config.js";
import type { SeedDocument } from "../seed-file.js";
import type { WriteContext } from "../write-context.js";
import {
  commitsTouchingRules,
  readBlobTexts,
  resolveCommit,
  treeAtCommit,
  treeInWorkingFolder,
  worktreeStamp,
} from "./committed-tree.js";
import { LAYERS_FILE } from "./layers-file.js";
import { type Reading, readChanges, refuseClashes } from "./read-changes.js";
import type { RuleFileDoc } from "./rule-file-text.js";

export interface AbsorbResult {
  /** The commit (or "worktree") read; null when nothing was read because nothing moved. */
  read: string | null;
  changed: string[];
  removed: string[];
  problems: string[];
  knowledge_version: number | null;
}

const nothing: AbsorbResult = { read: null, changed: [], removed: [], problems: [], knowledge_version: null };

const toSeedDocument = (doc: RuleFileDoc): SeedDocument => ({
  doc_id: doc.doc_id,
  title: doc.title,
  kind: doc.kind,
  priority: doc.priority,
  content: doc.content,
  source_path: doc.source,
  patterns: doc.globs,
  layers: doc.layers,
  commands: doc.commands,
  depends_on: doc.depends_on,
  tags: doc.tags,
  description: doc.description,
});

interface Absorption {
  stamp: string;
  /** The stamp absorbed when the files were compared; another by the time of the write means another process absorbed. */
  previous: string | null;
  commit: string | null;
  commits: string[];
  /** The files were read from the working folder (outside git), not from a commit. */
  worktree: boolean;
  /** The ref stamp the commit was resolved at, when the ref held still meanwhile (see SteadyRef). */
  refStamp: string | null;
}

/**
 * The ref stamp a process took before it asked git for the commit, and a way to take it again: the same
 * stamp before and after means the commit read is the one the stamp names, so a process that later
 * opens at that stamp has nothing to absorb and need not start git (rule-files-watch.ts).
 */
export interface SteadyRef {
  taken: string;
  now(): string;
}

/** Remembers the ref stamp of an absorption that found nothing new, unless another process moved on. */
function keepRefStamp(ctx: WriteContext, stamp: string, refStamp: string | null): void {
  if ((absorbedRefStamp(ctx.db) ?? null) === refStamp) return;
  ctx.db
    .transaction(() => {
      if (absorbedStamp(ctx.db) === stamp) recordAbsorbedRefStamp(ctx.db, refStamp);
    })
    .immediate();
}

/**
 * The knowledge work of a reading: documents written as their files say, removed files retired, and the
 * absorption recorded in the same transaction. Another process that absorbed first leaves nothing to do
 * (`skipped`).
 */
function absorbWork(ctx: WriteContext, reading: Reading, absorption: Absorption) {
  return (version: number) => {
    // Another process absorbed since this one compared: its result stands, and a newer commit is
    // absorbed at the next check.
    if ((absorbedStamp(ctx.db) ?? null) !== absorption.previous)
      return { change: noChange(), value: { skipped: true } };
    const plan = { documents: reading.docs.map((d) => toSeedDocument(d.doc)), layer_rules: [] };
    const seeded = seedWork(ctx.db, plan)(version).change;
    const changes: KnowledgeChange[] = [seeded];
    for (const { doc } of reading.docs) {
      // The baseline a file records is what the template installed; init/check-upgrade.ts trusts it
      // only where the bundled template of that version gives the same text.
      const member = doc.template !== null;
      if (member && doc.installed) {
        const { version: templateVersion, placeholders } = doc.installed;
        const template = { name: doc.template as string, version: templateVersion, placeholders };
        adoptTemplate(ctx.db, template, ctx.clock.now().toISOString(), version);
      }
      if (
        setTemplateDocument(ctx.db, doc.doc_id, member, doc.installed?.sha256) &&
        !seeded.documents_updated.includes(doc.doc_id)
      )
        changes.push({ ...noChange(), documents_updated: [doc.doc_id] });
    }
    const kept = new Set(reading.docs.map((d) => d.doc.doc_id));
    // Outside git the folder is read while other processes write it, and a listing can miss a file
    // being written: only a file still absent now retires its rule.
    const removed = reading.removed.filter(
      ({ path }) => !absorption.worktree || !existsSync(join(ctx.projectRoot, path)),
    );
    reading.removed = removed;
    for (const { doc_id } of removed)
      if (doc_id !== null && !kept.has(doc_id) && isApproved(documentState(ctx.db, doc_id)))
        changes.push(deprecateDocument(ctx.db, doc_id, version));
    if (reading.layers) {
      const moved = replaceLayerRules(ctx.db, reading.layers.rules);
      if (moved > 0) changes.push({ ...noChange(), layer_rules_added: moved });
    }
    for (const { path, oid, doc } of reading.docs) setCommittedOid(ctx.db, path, doc.doc_id, oid);
    for (const { path } of reading.removed) setCommittedOid(ctx.db, path, null, null);
    if (reading.layers) setCommittedOid(ctx.db, LAYERS_FILE, null, reading.layers.oid);
    const change = combineChanges(changes);
    const changed = [...change.documents_added, ...change.documents_updated].sort();
    recordAbsorbedStamp(ctx.db, absorption.stamp);
    recordAbsorbedRefStamp(ctx.db, absorption.refStamp);
    if (changed.length + change.documents_removed.length + reading.problems.length > 0)
      recordRuleFileChange(ctx.db, {
        absorbed_at: ctx.clock.now().toISOString(),
        commit_oid: absorption.commit,
        commits: absorption.commits,
        changed,
        removed: change.documents_removed,
        problems: reading.problems,
        knowledge_version: isChanged(change) ? version : version - 1,
      });
    return { change, value: { skipped: false } };
  };
}

/**
 * Absorbs what the committed rule files changed since the last absorption. Outside git, the working
 * folder's files are read instead. Never throws for a file's content: problems are returned and recorded.
 */
export function absorbRuleFiles(ctx: WriteContext, steady?: SteadyRef): AbsorbResult {
  const ref = absorbRulesFrom(ctx.projectRoot);
  // The database's side is read before the files: whatever it names was on disk or in git first, so a
  // file another process writes meanwhile is never taken for one a commit removed.
  const previous = absorbedStamp(ctx.db);
  const bases = ruleFileBases(ctx.db);
  const commit = resolveCommit(ctx.projectRoot, ref);
  const refStamp = commit !== undefined && steady && steady.now() === steady.taken ? steady.taken : null;
  const worktree = commit === undefined ? treeInWorkingFolder(ctx.projectRoot) : undefined;
  const stamp = worktree === undefined ? `commit:${commit ?? "none"}` : worktreeStamp(worktree.files);
  if (previous === stamp) {
    if (!worktree) keepRefStamp(ctx, stamp, refStamp);
    return nothing;
  }
  // Listed only for a commit not absorbed yet: most opens find the one absorbed last.
  const tree = worktree ?? treeAtCommit(ctx.projectRoot, commit ?? null);
  const reading = readChanges(
    ctx,
    bases,
    tree.files,
    (oids) =>
      worktree
        ? new Map([...worktree.texts].map(([path, text]) => [tree.files.get(path) as string, text]))
        : readBlobTexts(ctx.projectRoot, oids),
    // What was last absorbed from elsewhere (the working folder before `git init`) says nothing of what
    // this commit removed: a file it lacks retires its rule only if the working folder lacks it too.
    (path) => previous?.split(":")[0] === stamp.split(":")[0] || !existsSync(join(ctx.projectRoot, path)),
  );
  reading.problems.push(...tree.skipped);
  refuseClashes(ctx, bases, reading);
  const from = previous?.startsWith("commit:") && previous !== "commit:none" ? previous.slice(7) : null;
  const absorption = {
    stamp,
    previous: previous ?? null,
    commit: commit ?? null,
    // Asked of git only when the commit changed something here: most commits touch no rule file.
    commits:
      commit && (reading.docs.length + reading.removed.length + reading.problems.length > 0 || reading.layers)
        ? commitsTouchingRules(ctx.projectRoot, from, commit)
        : [],
    worktree: worktree !== undefined,
    refStamp,
  };
  const committed = commitKnowledge(ctx, absorbWork(ctx, reading, absorption), { absorbingRuleFiles: true });
  if (committed.value.skipped) return nothing;
  return {
    read: stamp,
    changed: [...committed.change.documents_added, ...committed.change.documents_updated].sort(),
    removed: committed.change.documents_removed,
    problems: reading.problems,
    knowledge_version: committed.knowledge_version,
  };
}
