// get_stats: row counts at a glance.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { stats } from "../../services/stats.js";
import { rowCountsShape, snapshotSchema } from "../result-schemas/knowledge-state.js";

export const getStatsTool = defineTool({
  name: "get_stats",
  title: "Knowledge statistics",
  description:
    "knowledge_version, the latest snapshot, and row counts: documents by status and kind, edges by type, layer rules, tags, snapshots, compiles.",
  input: {},
  output: {
    knowledge_version: z.number().int(),
    latest_snapshot: snapshotSchema.nullable(),
    ...rowCountsShape,
    usage: z.array(
      z.object({
        doc_id: z.string(),
        compiles: z.number().int(),
        inline: z.number().int(),
        deferred: z.number().int(),
        omitted: z.number().int(),
        last_compiled_at: z.string().nullable(),
      }),
    ),
    never_delivered: z.array(z.string()),
    never_delivered_hint: z.string().nullable(),
  },
  annotations: readOnly,
  run: (_args, ctx: ArchonContext) => stats(ctx.kdb.db),
});
