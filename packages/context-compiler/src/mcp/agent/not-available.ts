// Agent tools whose capability has not shipped yet: listed so agents and configs can rely on the names,
// answering with a clear error rather than an empty result that could be mistaken for "no findings".
import { defineTool, readOnly, UserError } from "@archon/core";
import { z } from "zod";
import { LIMITS, list, text } from "../input-limits.js";

function notAvailable(name: string, title: string, description: string, input: z.ZodRawShape) {
  return defineTool({
    name,
    title,
    description: `${description} Not available yet in this version of archon: calling it returns an error.`,
    input,
    annotations: readOnly,
    run: () => {
      throw new UserError(
        `${name} is not available yet in this version of archon.`,
        "Use compile_context and impact for the rules that apply to your files.",
      );
    },
  });
}

export const verifyDoneTool = notAvailable(
  "verify_done",
  "Verify a diff against written rules",
  "Mechanically checks a diff against constraints carrying a verify block and suggests affected tests.",
  {
    diff: text(LIMITS.content).optional(),
    changed_files: list(text(LIMITS.path), LIMITS.files).optional(),
  },
);

export const searchLogicFlowTool = notAvailable(
  "search_logic_flow",
  "Shortest call path between two symbols",
  "Breadth-first search over the symbol graph's call edges between two symbols.",
  {
    from_symbol: text(LIMITS.id),
    to_symbol: text(LIMITS.id),
    max_depth: z.number().int().min(1).max(10).optional(),
  },
);

export const recallTool = notAvailable(
  "recall",
  "Recall past runs",
  "Episodic index of past runs, plans and session notes.",
  {
    files: list(text(LIMITS.path), LIMITS.files).optional(),
    run_id: text(LIMITS.id).optional(),
    recent_runs: z.number().int().min(1).max(50).optional(),
    search: text(LIMITS.plan).optional(),
    gaps: z.boolean().optional(),
  },
);
