// list_available_strategies: the reasoning-strategy catalogue, and the ranking for a context and section.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { rankStrategies } from "../../evidence/select-strategy.js";
import { CONTEXT_TIER, SECTION_CHARACTERISTICS, STRATEGIES } from "../../evidence/strategy-catalogue.js";
import { PRD_CONTEXTS } from "../../sections/contexts.js";
import { SECTION_TYPES } from "../../sections/section-catalogue.js";
import type { ServerContext } from "../server-context.js";

export const listAvailableStrategiesTool = defineTool({
  name: "list_available_strategies",
  title: "List reasoning strategies",
  description:
    "The named reasoning strategies with their tiers (1 cheap to 3 deep) and what they suit. With prd_context and " +
    "section_type, also the ranking the pipeline would use now: fit, plus a bounded adjustment from recorded evidence.",
  input: { prd_context: z.enum(PRD_CONTEXTS).optional(), section_type: z.enum(SECTION_TYPES).optional() },
  output: {
    strategies: z.array(
      z.object({
        name: z.string(),
        tier: z.number().int(),
        description: z.string(),
        suits: z.array(z.string()),
      }),
    ),
    context_tier: z.number().int().optional(),
    characteristics: z.array(z.string()).optional(),
    // Null without prd_context: the ranking depends on it.
    ranking: z
      .array(
        z.object({
          strategy: z.string(),
          tier: z.number().int(),
          base: z.number(),
          adjustment: z.number(),
          score: z.number(),
        }),
      )
      .nullable(),
  },
  annotations: readOnly,
  run: (args, ctx: ServerContext) => {
    const strategies = STRATEGIES.map(({ name, tier, description, suits }) => ({
      name,
      tier,
      description,
      suits,
    }));
    if (!args.prd_context) return { strategies, ranking: null };
    const characteristics = [
      ...(SECTION_CHARACTERISTICS[args.section_type ?? "overview"] ?? ["completeness"]),
    ];
    return {
      strategies,
      context_tier: CONTEXT_TIER[args.prd_context],
      characteristics,
      ranking: rankStrategies(args.prd_context, characteristics, ctx.evidence.stats()).map((r) => ({
        strategy: r.strategy.name,
        tier: r.strategy.tier,
        base: r.base,
        adjustment: r.adjustment,
        score: r.score,
      })),
    };
  },
});
