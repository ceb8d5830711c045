// get_strategy_effectiveness: what the evidence database says about each strategy, per characteristic.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { adjustment, MAX_ADJUSTMENT, MIN_EXECUTIONS } from "../../evidence/select-strategy.js";
import { MAX_TOKEN_CHARS } from "../../run-model/limits.js";
import { cappedText } from "../../run-model/protocol.js";
import type { ServerContext } from "../server-context.js";

export const getStrategyEffectivenessTool = defineTool({
  name: "get_strategy_effectiveness",
  title: "Show strategy effectiveness",
  description:
    "Executions, compliance rate and mean confidence gain per strategy and claim characteristic, and the adjustment " +
    `selection applies (none below ${MIN_EXECUTIONS} executions, never beyond ±${MAX_ADJUSTMENT}).`,
  input: { strategy: cappedText(MAX_TOKEN_CHARS).optional() },
  output: {
    database: z.string(),
    min_executions: z.number().int(),
    max_adjustment: z.number(),
    effectiveness: z.array(
      z.object({
        strategy: z.string(),
        characteristic: z.string(),
        executions: z.number().int(),
        compliant: z.number().int(),
        mean_gain: z.number(),
        compliance_rate: z.number(),
        adjustment: z.number(),
        moves_selection: z.boolean(),
      }),
    ),
  },
  annotations: readOnly,
  run: (args, ctx: ServerContext) => ({
    database: ctx.evidence.path,
    min_executions: MIN_EXECUTIONS,
    max_adjustment: MAX_ADJUSTMENT,
    effectiveness: ctx.evidence.stats(args.strategy).map((s) => ({
      ...s,
      compliance_rate: s.executions === 0 ? 0 : s.compliant / s.executions,
      adjustment: adjustment(s),
      moves_selection: s.executions >= MIN_EXECUTIONS,
    })),
  }),
});
