// get_quality_history: quality scores of finished runs, newest first.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { PRD_CONTEXTS } from "../../sections/contexts.js";
import type { ServerContext } from "../server-context.js";

export const getQualityHistoryTool = defineTool({
  name: "get_quality_history",
  title: "Show run quality history",
  description:
    "Quality of finished runs, newest first: mean section score, sections passed, claims evaluated and FAIL verdicts.",
  input: { limit: z.number().int().min(1).max(500).optional(), prd_context: z.enum(PRD_CONTEXTS).optional() },
  output: {
    count: z.number().int(),
    runs: z.array(
      z.object({
        run_id: z.string(),
        prd_context: z.string(),
        score: z.number(),
        sections_passed: z.number().int(),
        sections_total: z.number().int(),
        claims_evaluated: z.number().int(),
        failures: z.number().int(),
        recorded_at: z.string(),
      }),
    ),
  },
  annotations: readOnly,
  run: (args, ctx: ServerContext) => {
    const runs = ctx.evidence.quality(args.limit ?? 20, args.prd_context);
    return { count: runs.length, runs };
  },
});
