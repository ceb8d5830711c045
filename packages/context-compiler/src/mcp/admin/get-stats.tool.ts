// get_stats: row counts at a glance.
import { defineTool, readOnly } from "@archon/core";
import type { ArchonContext } from "../../context/archon-context.js";
import { stats } from "../../services/stats.js";

export const getStatsTool = defineTool({
  name: "get_stats",
  title: "Knowledge statistics",
  description:
    "knowledge_version, the latest snapshot, and row counts: documents by status and kind, edges by type, layer rules, tags, snapshots, compiles.",
  input: {},
  annotations: readOnly,
  run: (_args, ctx: ArchonContext) => stats(ctx.kdb.db),
});
