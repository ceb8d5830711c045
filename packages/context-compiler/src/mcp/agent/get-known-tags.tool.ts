// get_known_tags: the intent-tag catalog that compile_context's intent_tags resolve against.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { tagCatalog } from "../../store/tags.js";

export const getKnownTagsTool = defineTool({
  name: "get_known_tags",
  title: "Known intent tags",
  description:
    "The approved intent-tag catalog (each tag with its documents) and a tag_catalog_hash that changes only with the catalog.",
  input: {},
  output: {
    tags: z.array(z.object({ tag: z.string(), doc_count: z.number().int(), doc_ids: z.array(z.string()) })),
    tag_catalog_hash: z.string(),
  },
  annotations: readOnly,
  run: (_args, ctx: ArchonContext) => tagCatalog(ctx.kdb.db),
});
