// The one way anything changes canonical knowledge (seed, import_doc, approvals, standing rules, template
// bootstrap, and a replica landing what its server approved): the store's single transaction with its
// version bump and snapshot, the rules.md check inside it, and the re-render of rules.md after it.
import { type Clock, type Db, InternalError, UserError } from "@archon/core";
import {
  type CanonicalWork,
  commitCanonical,
  type Landed,
  rehearseCanonical,
} from "../../store/canonical-commit.js";
import { approvedDocIds } from "../../store/documents.js";
import { replicaServer } from "../../store/team/replica.js";
import { readRevisions } from "../../store/version.js";
import {
  assertRuleFilesReplaceable,
  type PlannedFile,
  planRuleFiles,
  touchedDocuments,
} from "../rule-files/render-rule-files.js";
import { RULE_FILES_DIR } from "../rule-files/rule-file-text.js";
import { needsFirstWriting, writeAllRuleFiles, writeRuleFiles } from "../rule-files/write-rule-files.js";
import { RULES_FILE } from "../standing-rules/rules-file.js";
import {
  diffRules,
  isEmptyDiff,
  readRulesFile,
  standingRules,
  writeRulesFile,
} from "../standing-rules/rules-on-disk.js";
import type { WriteContext } from "../write-context.js";
import { isChanged, type KnowledgeChange } from "./knowledge-change.js";

/**
 * Changes rows at `version` (the version they will land at) and says what it changed. Tag writes belong
 * inside it too: they move tag_catalog_rev, never the version, but land or roll back with the rest.
 */
export type KnowledgeWork<T> = (version: number) => { change: KnowledgeChange; value: T };

export interface Committed<T> {
  value: T;
  change: KnowledgeChange;
  knowledge_version: number;
  snapshot_id: string | null;
}

export interface CommitOptions {
  /** The rules-file sync itself: the file is the input, so its differences are the point, not a hazard. */
  absorbingRulesFile?: boolean;
  /** The rule files' absorption: the committed files are the input, never written back. */
  absorbingRuleFiles?: boolean;
}

/** The rule files a change will write once it has landed, planned (and checked) inside its transaction. */
interface Pending {
  files?: PlannedFile[];
}

type Done<T> = { change: KnowledgeChange; value: T };

/** `work` plus the refusal to render rules.md over hand edits nobody absorbed, which would lose them. */
function guarded<T>(
  ctx: WriteContext,
  work: KnowledgeWork<T>,
  options: CommitOptions,
  pending: Pending = {},
): CanonicalWork<Done<T>> {
  return (version) => {
    const rulesBefore = standingRules(ctx.db);
    const tagsBefore = readRevisions(ctx.db).tag_catalog_rev;
    const done = work(version);
    if (ctx.ruleFiles && !options.absorbingRuleFiles) {
      // A tag write names no document in the change, so every file is compared (rare: tags are few writes).
      const retagged = readRevisions(ctx.db).tag_catalog_rev !== tagsBefore;
      const touched = touchedDocuments(ctx.db, done.change);
      const ids = retagged ? [...new Set([...approvedDocIds(ctx.db), ...touched])].sort() : touched;
      pending.files = planRuleFiles(ctx.db, ids, done.change.layer_rules_added > 0);
      assertRuleFilesReplaceable(ctx, pending.files);
    }
    if (done.change.standing_changed && !options.absorbingRulesFile) {
      const edits = diffRules(readRulesFile(ctx.projectRoot), rulesBefore);
      if (!isEmptyDiff(edits)) {
        const parts = [
          edits.added.length > 0 ? `new: ${edits.added.map((s) => s.doc_id).join(", ")}` : "",
          edits.updated.length > 0 ? `changed: ${edits.updated.map((s) => s.doc_id).join(", ")}` : "",
          edits.deprecated.length > 0 ? `removed: ${edits.deprecated.join(", ")}` : "",
        ].filter((p) => p !== "");
        throw new UserError(
          `${RULES_FILE} has hand edits that are not in the knowledge base yet (${parts.join("; ")}); approving now would overwrite them. Nothing was changed.`,
          "Run `archon sync-rules-file` to absorb them (--dry-run previews), then approve again.",
        );
      }
    }
    return { changed: isChanged(done.change), value: done };
  };
}

const committed = <T>(landed: Landed<Done<T>>): Committed<T> => ({
  value: landed.value.value,
  change: landed.value.change,
  knowledge_version: landed.knowledge_version,
  snapshot_id: landed.snapshot_id,
});

export interface CommitResult<T> extends Committed<T> {
  rules_file_written: boolean;
  warnings: string[];
}

/** A replica takes its knowledge from its server alone (`archon sync`), or the two would part ways. */
function refuseOnReplica(ctx: WriteContext): void {
  const server = replicaServer(ctx.db);
  if (server === undefined) return;
  throw new UserError(
    `This database is a replica of ${server}: knowledge is approved, imported, seeded and tagged there, not here. Nothing was changed.`,
    `Make the change on the team server (its admin surface, ${server}/mcp/admin), then run \`archon sync\`.`,
  );
}

/** Runs `work` in one immediate transaction; any throw rolls everything back. Re-renders rules.md after commit. */
export function commitKnowledge<T>(
  ctx: WriteContext,
  work: KnowledgeWork<T>,
  options: CommitOptions = {},
): CommitResult<T> {
  refuseOnReplica(ctx);
  const pending: Pending = {};
  const result = committed(commitCanonical(ctx.db, ctx.clock, guarded(ctx, work, options, pending)));
  const warnings: string[] = [];
  if (pending.files) warnings.push(...writeRuleFilesAfter(ctx, pending.files));
  let rules_file_written = false;
  if (result.change.standing_changed) {
    try {
      writeRulesFile(ctx.projectRoot, ctx.db);
      rules_file_written = true;
    } catch (error) {
      // The knowledge is committed; the file is a rendering of it and can be written again later.
      warnings.push(
        `The change is committed, but ${RULES_FILE} could not be written (${(error as Error).message}); it is rendered again on the next standing-rule change.`,
      );
    }
  }
  return { ...result, rules_file_written, warnings };
}

/** The rule files of a landed change (and every file, the first time): a failure only warns, as for rules.md. */
function writeRuleFilesAfter(ctx: WriteContext, files: readonly PlannedFile[]): string[] {
  try {
    const done = needsFirstWriting(ctx.db) ? writeAllRuleFiles(ctx, files) : writeRuleFiles(ctx, files);
    if (done.kept.length === 0) return [];
    return [
      `Rule files with edits nobody committed were left as they are: ${done.kept.join(", ")}. Commit them (or restore them with \`git restore\`); the knowledge base holds the approved text.`,
    ];
  } catch (error) {
    return [
      `The change is committed, but its rule files under ${RULE_FILES_DIR}/ could not be written (${(error as Error).message}); they are written again at the next change.`,
    ];
  }
}

/**
 * A replica's sync landing one version its team server already approved: not an approval (the gate is on
 * the server), so it runs on a replica alone, where commitKnowledge refuses. Nothing is rendered: a
 * replica has no rule files of its own, and the sync renders rules.md when the standing rules moved. The
 * version moves even where no local row differed, because the server's did.
 */
export function commitApprovedVersion(
  db: Db,
  clock: Clock,
  apply: (version: number) => void,
): Landed<undefined> {
  if (replicaServer(db) === undefined)
    throw new InternalError("commitApprovedVersion: this database follows no team server");
  return commitCanonical(db, clock, (version) => {
    apply(version);
    return { changed: true, value: undefined };
  });
}

/** Runs `work` exactly as commitKnowledge would, then rolls it back: a dry run that cannot disagree with the real one. */
export function simulateKnowledge<T>(ctx: WriteContext, work: KnowledgeWork<T>): Committed<T> {
  return committed(rehearseCanonical(ctx.db, ctx.clock, guarded(ctx, work, {})));
}
