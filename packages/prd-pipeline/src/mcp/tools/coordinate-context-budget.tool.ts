// coordinate_context_budget: splits a token budget across a context's sections and recall.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { DEFAULT_RECALL_SHARE, splitContextBudget } from "../../evidence/context-budget.js";
import { CONTEXTS, PRD_CONTEXTS } from "../../sections/contexts.js";
import { SECTION_TYPES } from "../../sections/section-catalogue.js";

export const coordinateContextBudgetTool = defineTool({
  name: "coordinate_context_budget",
  title: "Split a context budget",
  description:
    "Splits total_tokens between recall (recall_share, default 0.2) and the sections of a PRD context (or the " +
    "sections given), by section weight with a floor for each.",
  input: {
    total_tokens: z.number().int().min(0).max(10_000_000),
    prd_context: z.enum(PRD_CONTEXTS).optional(),
    sections: z.array(z.enum(SECTION_TYPES)).max(32).optional(),
    recall_share: z.number().min(0).max(0.9).optional(),
  },
  output: {
    total_tokens: z.number().int(),
    recall_tokens: z.number().int(),
    recall_per_section: z.number().int(),
    sections: z.array(z.object({ section: z.string(), weight: z.number(), tokens: z.number().int() })),
    unallocated: z.number().int(),
  },
  annotations: readOnly,
  run: (args) => {
    const sections = args.sections ?? CONTEXTS[args.prd_context ?? "feature"].sections;
    return splitContextBudget(args.total_tokens, sections, args.recall_share ?? DEFAULT_RECALL_SHARE);
  },
});
