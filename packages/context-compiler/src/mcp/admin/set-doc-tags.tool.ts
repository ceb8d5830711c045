// set_doc_tags: replace the intent tags of one document.
import { defineTool, destructiveWrite } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { setDocTags } from "../../knowledge/set-doc-tags.js";
import { LIMITS, list, text } from "../input-limits.js";

export const setDocTagsTool = defineTool({
  name: "set_doc_tags",
  title: "Set a document's intent tags",
  description:
    "Replaces a document's entries in the tag catalog. Tags sit outside the canonical DAG: no version bump, no snapshot, no approval.",
  input: { doc_id: text(LIMITS.id).min(1), tags: list(text(LIMITS.tag).min(1), LIMITS.tags) },
  output: { doc_id: z.string(), tags: z.array(z.string()) },
  annotations: { ...destructiveWrite, idempotentHint: true },
  run: ({ doc_id, tags }, ctx: ArchonContext) => setDocTags(writeContext(ctx), doc_id, tags),
});
