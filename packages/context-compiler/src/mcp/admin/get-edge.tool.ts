// get_edge: one edge by id, whatever its status.
import { defineTool, readOnly, UserError } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { getEdge } from "../../store/edges.js";
import { edgeRowSchema } from "../result-schemas/knowledge-rows.js";

export const getEdgeTool = defineTool({
  name: "get_edge",
  title: "Read an edge",
  description: "The full row of one edge by edge_id, regardless of status.",
  input: { edge_id: z.number().int().positive() },
  output: edgeRowSchema,
  annotations: readOnly,
  run: ({ edge_id }, ctx: ArchonContext) => {
    const edge = getEdge(ctx.kdb.db, edge_id);
    if (!edge) throw new UserError(`No edge with id ${edge_id}.`, undefined, "edge_id");
    return edge;
  },
});
