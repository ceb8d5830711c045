// set_doc_tags: replace a document's intent tags. Tags sit outside the canonical DAG, so the commit they go
// through moves tag_catalog_rev and never the version.
import { UserError } from "@archon/core";
import { docIdInUse } from "../store/documents.js";
import { setDocTags as writeTags } from "../store/tags.js";
import { commitKnowledge } from "./approval/commit-knowledge.js";
import { noChange } from "./approval/knowledge-change.js";
import { assertAdminSurface } from "./surface.js";
import type { WriteContext } from "./write-context.js";

export function setDocTags(ctx: WriteContext, docId: string, tags: readonly string[]) {
  assertAdminSurface(ctx.surface, "set_doc_tags");
  if (!docIdInUse(ctx.db, docId)) throw new UserError(`No document "${docId}".`, undefined, "doc_id");
  const { value } = commitKnowledge(ctx, () => ({
    change: noChange(),
    value: writeTags(ctx.db, docId, tags),
  }));
  return { doc_id: docId, tags: value };
}
