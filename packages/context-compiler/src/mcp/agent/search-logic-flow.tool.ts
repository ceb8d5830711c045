// search_logic_flow: the shortest call paths between two symbols of the indexed code.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { CodeIndex } from "../../code/code-index.js";
import { MAX_FLOW_DEPTH, MAX_SYMBOL_CHARS } from "../../code/limits.js";
import type { ArchonContext } from "../../context/archon-context.js";

const symbol = z.string().min(1).max(MAX_SYMBOL_CHARS);
const symbolRef = z.object({
  symbol_id: z.string(),
  kind: z.string(),
  path: z.string(),
  line: z.number().int(),
});

export const searchLogicFlowTool = defineTool({
  name: "search_logic_flow",
  title: "Call paths between two symbols",
  description:
    "Shortest call paths between two symbols (a name, Class.method or symbol_id) in the `archon reindex-symbols` index, calls only. A name matching several returns them as ambiguous_from/ambiguous_to. depth null: no path within max_depth; with unresolved_calls > 0 one may exist.",
  input: {
    from_symbol: symbol.describe("Start symbol"),
    to_symbol: symbol.describe("End symbol"),
    max_depth: z
      .number()
      .int()
      .min(1)
      .max(MAX_FLOW_DEPTH)
      .optional()
      .describe(`Most calls on a path (default and cap ${MAX_FLOW_DEPTH})`),
  },
  output: {
    from: symbolRef.nullable(),
    to: symbolRef.nullable(),
    depth: z.number().int().nullable(),
    paths: z.array(z.array(z.string())),
    paths_truncated: z.boolean(),
    max_depth: z.number().int(),
    ambiguous_from: z.array(symbolRef).optional(),
    ambiguous_to: z.array(symbolRef).optional(),
    steps_by_resolution: z.record(z.string(), z.number().int()),
    unresolved_calls: z.number().int(),
    external_calls: z.number().int(),
    searched_symbols: z.number().int(),
    note: z.string(),
  },
  annotations: readOnly,
  run: ({ from_symbol, to_symbol, max_depth }, ctx: ArchonContext) =>
    new CodeIndex(ctx.kdb.db, ctx.projectRoot).logicFlow(from_symbol, to_symbol, max_depth),
});
