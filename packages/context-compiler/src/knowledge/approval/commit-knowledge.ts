// The one way anything changes canonical knowledge (seed, import_doc, approvals, standing rules, template
// bootstrap): the store's single transaction with its version bump and snapshot, the rules.md check inside
// it, and the re-render of rules.md after it.
import { UserError } from "@archon/core";
import {
  type CanonicalWork,
  commitCanonical,
  type Landed,
  rehearseCanonical,
} from "../../store/canonical-commit.js";
import { replicaServer } from "../../store/replica.js";
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
}

type Done<T> = { change: KnowledgeChange; value: T };

/** `work` plus the refusal to render rules.md over hand edits nobody absorbed, which would lose them. */
function guarded<T>(
  ctx: WriteContext,
  work: KnowledgeWork<T>,
  options: CommitOptions,
): CanonicalWork<Done<T>> {
  return (version) => {
    const rulesBefore = standingRules(ctx.db);
    const done = work(version);
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
  const result = committed(commitCanonical(ctx.db, ctx.clock, guarded(ctx, work, options)));
  const warnings: string[] = [];
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

/** Runs `work` exactly as commitKnowledge would, then rolls it back: a dry run that cannot disagree with the real one. */
export function simulateKnowledge<T>(ctx: WriteContext, work: KnowledgeWork<T>): Committed<T> {
  return committed(rehearseCanonical(ctx.db, ctx.clock, guarded(ctx, work, {})));
}
