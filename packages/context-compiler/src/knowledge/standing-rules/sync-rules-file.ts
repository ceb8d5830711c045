// sync-rules-file: absorb hand edits to .archon/rules.md into the standing rules; absorbing is approving.

import { type Db, UserError } from "@archon/core";
import { documentState } from "../../store/documents.js";
import { parsePayload } from "../../store/proposal-payloads.js";
import { readVersion } from "../../store/version.js";
import { createDocument, deprecateDocument, updateDocument } from "../approval/apply-document.js";
import { commitKnowledge } from "../approval/commit-knowledge.js";
import { combineChanges, type KnowledgeChange } from "../approval/knowledge-change.js";
import { type Channel, step } from "../next-step.js";
import { assertAdminSurface } from "../surface.js";
import type { WriteContext } from "../write-context.js";
import { RULES_FILE } from "./rules-file.js";
import {
  diffRules,
  isEmptyDiff,
  type RulesDiff,
  type RulesOnDisk,
  readRulesFile,
  standingRules,
} from "./rules-on-disk.js";

export interface RulesSyncResult {
  file: "missing" | "empty" | "present";
  dry_run: boolean;
  changed: boolean;
  added: string[];
  updated: string[];
  deprecated: string[];
  knowledge_version: number;
  snapshot_id: string | null;
  rules_file_written: boolean;
  message: string;
}

const nothing = (channel: Channel): Record<RulesSyncResult["file"], string> => ({
  missing: `There is no ${RULES_FILE}; nothing to absorb.`,
  empty: `${RULES_FILE} has no rule sections; nothing was changed (an empty file never retires every rule: use ${step(channel, "delete_decision")} to retire the last ones).`,
  present: `${RULES_FILE} matches the knowledge base; nothing to absorb.`,
});

/**
 * Diffs the file against the standing rules: a new section adds a rule, a changed one updates it, a
 * missing one retires it. A person wrote the file, so the diff lands as approved knowledge in one
 * version bump. A missing or empty file, or one that does not parse, changes nothing.
 */
export function syncRulesFile(
  ctx: WriteContext,
  options: {
    dry_run?: boolean;
    /** What to absorb instead of the working file (the committed text). */
    file?: RulesOnDisk;
  } = {},
): RulesSyncResult {
  assertAdminSurface(ctx.surface, "sync_rules_file");
  const file = options.file ?? readRulesFile(ctx.projectRoot);
  const diff = diffRules(file, standingRules(ctx.db));
  refuseOrdinaryDocuments(ctx.db, diff);
  const summary = {
    file: file.state,
    dry_run: options.dry_run === true,
    added: diff.added.map((s) => s.doc_id),
    updated: diff.updated.map((s) => s.doc_id),
    deprecated: diff.deprecated,
  };
  if (options.dry_run || isEmptyDiff(diff)) {
    return {
      ...summary,
      changed: false,
      knowledge_version: readVersion(ctx.db),
      snapshot_id: null,
      rules_file_written: false,
      message: isEmptyDiff(diff)
        ? nothing(ctx.channel)[file.state]
        : `Dry run: ${describe(summary)}; nothing was changed.`,
    };
  }
  const result = commitKnowledge(
    ctx,
    (version) => ({ change: applyRulesDiff(ctx.db, diff, version), value: undefined }),
    { absorbingRulesFile: true },
  );
  return {
    ...summary,
    changed: true,
    knowledge_version: result.knowledge_version,
    snapshot_id: result.snapshot_id,
    rules_file_written: result.rules_file_written,
    message: `Absorbed ${RULES_FILE}: ${describe(summary)}; knowledge_version ${result.knowledge_version}.${result.warnings.map((w) => ` ${w}`).join("")}`,
  };
}

/** A new section may not take the doc_id of an ordinary document: absorbing it would overwrite that document. */
function refuseOrdinaryDocuments(db: Db, diff: RulesDiff): void {
  const taken = diff.added.filter((s) => {
    const row = documentState(db, s.doc_id);
    return row !== undefined && row.origin !== "standing";
  });
  if (taken.length > 0) {
    throw new UserError(
      `${RULES_FILE} names ${taken.map((s) => `"${s.doc_id}"`).join(", ")}, which ${taken.length === 1 ? "is an ordinary document, not a standing rule" : "are ordinary documents, not standing rules"}; nothing was changed.`,
      "Give the section a doc_id of its own in the `## rule: <doc_id>` line.",
    );
  }
}

/** Inside the commit: each section added, updated or retired, as one change. */
function applyRulesDiff(db: Db, diff: RulesDiff, version: number): KnowledgeChange {
  return combineChanges([
    ...diff.added.map((s) =>
      createDocument(db, parsePayload("new_doc", { ...s, origin: "standing" }), version),
    ),
    ...diff.updated.map((s) => updateDocument(db, parsePayload("update_doc", s), version)),
    ...diff.deprecated.map((id) => deprecateDocument(db, id, version)),
  ]);
}

function describe(s: { added: string[]; updated: string[]; deprecated: string[] }): string {
  const list = (ids: string[]) => (ids.length > 0 ? ` (${ids.join(", ")})` : "");
  return `${s.added.length} added${list(s.added)}, ${s.updated.length} updated${list(s.updated)}, ${s.deprecated.length} deprecated${list(s.deprecated)}`;
}
