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
    "Breadth-first search over the call graph of `archon reindex-symbols` (calls only: imports, extends and implements are not steps). from_symbol and to_symbol are a name (`handler`, `UserService.find`) or a symbol_id (`typescript src/api.ts UserService.find`). Returns every path at the shortest distance (paths, as symbol ids), depth null when none is found within max_depth (default and cap 10), and ambiguous_from / ambiguous_to with every candidate, without searching, when a name matches several symbols (a bare name matches functions and methods alike: ask again with one of their symbol_ids or Class.method). unresolved_calls counts calls on the way the index could not bind (an import of the project's own code it could not find counts here): with depth null and unresolved_calls above 0, a path may still exist. external_calls counts calls into code outside the repository. steps_by_resolution says how each step was bound (name = by name alone).",
  input: {
    from_symbol: symbol.describe("Where the path starts: a name, Class.method, or a symbol_id"),
    to_symbol: symbol.describe("Where the path ends: a name, Class.method, or a symbol_id"),
    max_depth: z
      .number()
      .int()
      .min(1)
      .max(MAX_FLOW_DEPTH)
      .optional()
      .describe(`Most calls a path may take (default and cap ${MAX_FLOW_DEPTH})`),
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
