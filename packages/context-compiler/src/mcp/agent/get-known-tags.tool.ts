// get_known_tags: the intent-tag catalog that compile_context's intent_tags resolve against.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { tagCatalog } from "../../store/tags.js";

export const getKnownTagsTool = defineTool({
  name: "get_known_tags",
  title: "Known intent tags",
  description:
    "The approved intent-tag catalog (each tag with the documents it reaches) and a tag_catalog_hash that changes only when the catalog does, so it is safe to cache on.",
  input: {},
  output: {
    tags: z.array(z.object({ tag: z.string(), doc_count: z.number().int(), doc_ids: z.array(z.string()) })),
    tag_catalog_hash: z.string(),
  },
  annotations: readOnly,
  run: (_args, ctx: ArchonContext) => tagCatalog(ctx.kdb.db),
});
