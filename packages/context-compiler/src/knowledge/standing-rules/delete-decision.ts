// delete_decision: retire a captured decision (a standing rule) directly; a soft delete, history stays.
import { UserError } from "@archon/core";
import { documentState } from "../../store/documents.js";
import { deprecateDocument } from "../approval/apply-document.js";
import { commitKnowledge } from "../approval/commit-knowledge.js";
import { assertAdminSurface } from "../surface.js";
import type { WriteContext } from "../write-context.js";

export function deleteDecision(ctx: WriteContext, input: { doc_id: string }) {
  assertAdminSurface(ctx.surface, "delete_decision");
  const row = documentState(ctx.db, input.doc_id);
  if (!row) {
    throw new UserError(
      `No document "${input.doc_id}".`,
      "Standing rules are listed in .archon/rules.md.",
      "doc_id",
    );
  }
  if (row.origin !== "standing") {
    throw new UserError(
      `"${input.doc_id}" is not a standing rule (a captured decision), so delete_decision refuses it.`,
      "To retire an ordinary document, propose deprecate_doc and approve it.",
      "doc_id",
    );
  }
  if (row.status === "deprecated")
    throw new UserError(`Standing rule "${input.doc_id}" is already deleted.`, undefined, "doc_id");
  // There is no hard delete: snapshots are immutable (INV-3), so the rule stays in history.
  const result = commitKnowledge(ctx, (version) => ({
    change: deprecateDocument(ctx.db, input.doc_id, version),
    value: undefined,
  }));
  return {
    doc_id: input.doc_id,
    status: "deprecated" as const,
    edges_deprecated: result.change.edges_removed,
    knowledge_version: result.knowledge_version,
    snapshot_id: result.snapshot_id,
    rules_file_written: result.rules_file_written,
    warnings: result.warnings,
  };
}
