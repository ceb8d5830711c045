// set_doc_tags: replace a document's intent tags (outside the canonical DAG: no version bump).
import { UserError } from "@archon/core";
import { getDocument } from "../store/documents.js";
import { setDocTags as writeTags } from "../store/tags.js";
import { assertAdminSurface } from "./surface.js";
import type { WriteContext } from "./write-context.js";

export function setDocTags(ctx: WriteContext, docId: string, tags: readonly string[]) {
  assertAdminSurface(ctx.surface, "set_doc_tags");
  if (!getDocument(ctx.db, docId)) throw new UserError(`No document "${docId}".`, undefined, "doc_id");
  return { doc_id: docId, tags: writeTags(ctx.db, docId, tags) };
}
