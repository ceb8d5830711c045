// The one way approvals change knowledge: one transaction, one version bump and snapshot, then rules.md.
import { InternalError, UserError } from "@archon/core";
import { bumpVersion, readVersion } from "../../store/version.js";
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

/** Changes rows at `version` (the version they will land at) and says what it changed. */
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
}

function run<T>(ctx: WriteContext, work: KnowledgeWork<T>, options: CommitOptions): Committed<T> {
  const rulesBefore = standingRules(ctx.db);
  const { change, value } = work(readVersion(ctx.db) + 1);
  if (change.standing_changed && !options.absorbingRulesFile) {
    // Rendering over hand edits nobody absorbed would lose them silently.
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
  const bumped = isChanged(change) ? bumpVersion(ctx.db, ctx.clock) : undefined;
  return {
    value,
    change,
    knowledge_version: bumped?.knowledge_version ?? readVersion(ctx.db),
    snapshot_id: bumped?.snapshot_id ?? null,
  };
}

export interface CommitResult<T> extends Committed<T> {
  rules_file_written: boolean;
  warnings: string[];
}

/** Runs `work` in one immediate transaction; any throw rolls everything back. Re-renders rules.md after commit. */
export function commitKnowledge<T>(
  ctx: WriteContext,
  work: KnowledgeWork<T>,
  options: CommitOptions = {},
): CommitResult<T> {
  const committed = ctx.db.transaction(() => run(ctx, work, options)).immediate();
  const warnings: string[] = [];
  let rules_file_written = false;
  if (committed.change.standing_changed) {
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
  return { ...committed, rules_file_written, warnings };
}

class Rollback<T> {
  constructor(readonly result: Committed<T>) {}
}

/** Runs `work` exactly as commitKnowledge would, then rolls it back: a dry run that cannot disagree with the real one. */
export function simulateKnowledge<T>(ctx: WriteContext, work: KnowledgeWork<T>): Committed<T> {
  try {
    ctx.db
      .transaction(() => {
        throw new Rollback(run(ctx, work, {}));
      })
      .immediate();
  } catch (error) {
    if (error instanceof Rollback) return error.result as Committed<T>;
    throw error;
  }
  throw new InternalError("simulateKnowledge: the rolled-back transaction returned");
}
