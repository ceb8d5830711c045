// get_document: one document by id, whatever its status, with its edges and tags.
import { defineTool, readOnly, UserError } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { getDocument } from "../../store/documents.js";
import { edgesOfDocument } from "../../store/edges.js";
import { tagsOfDocument } from "../../store/tags.js";
import { LIMITS, text } from "../input-limits.js";
import { documentRowShape, edgeRowSchema } from "../result-schemas/knowledge-rows.js";

export const getDocumentTool = defineTool({
  name: "get_document",
  title: "Read a document",
  description:
    "The full row of one document regardless of status, with the edges that reach it or start from it and its tags.",
  input: { doc_id: text(LIMITS.id).min(1) },
  output: { ...documentRowShape, edges: z.array(edgeRowSchema), tags: z.array(z.string()) },
  annotations: readOnly,
  run: ({ doc_id }, ctx: ArchonContext) => {
    const doc = getDocument(ctx.kdb.db, doc_id);
    if (!doc)
      throw new UserError(
        `No document "${doc_id}".`,
        "Check the spelling: doc_ids appear in compile answers (resolution_path), in doctor findings and in archon export.",
        "doc_id",
      );
    return { ...doc, edges: edgesOfDocument(ctx.kdb.db, doc_id), tags: tagsOfDocument(ctx.kdb.db, doc_id) };
  },
});
