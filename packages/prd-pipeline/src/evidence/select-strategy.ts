// Picks a strategy per section from the catalogue and the evidence history; pure, history passed in.
import type { PrdContext } from "../sections/contexts.js";
import type { SectionType } from "../sections/section-catalogue.js";
import { CONTEXT_TIER, SECTION_CHARACTERISTICS, STRATEGIES, type Strategy } from "./strategy-catalogue.js";

/** Aggregated executions of one strategy on one characteristic. */
export interface StrategyStat {
  strategy: string;
  characteristic: string;
  executions: number;
  compliant: number;
  mean_gain: number;
}

/** History moves a choice only after this many executions. */
export const MIN_EXECUTIONS = 10;
/** The most history can add to or take from a strategy's base score. */
export const MAX_ADJUSTMENT = 0.5;

/** Bounded: compliance above or below one half, plus the mean gain, within ±MAX_ADJUSTMENT. */
export function adjustment(stat: StrategyStat | undefined): number {
  if (!stat || stat.executions < MIN_EXECUTIONS) return 0;
  const raw = stat.compliant / stat.executions - 0.5 + stat.mean_gain;
  return Math.max(-MAX_ADJUSTMENT, Math.min(MAX_ADJUSTMENT, raw));
}

export interface Scored {
  strategy: Strategy;
  base: number;
  adjustment: number;
  score: number;
}

/** Candidates within the context's tier, scored by fit plus the bounded history adjustment; best first. */
export function rankStrategies(
  context: PrdContext,
  characteristics: readonly string[],
  history: readonly StrategyStat[],
): Scored[] {
  const tier = CONTEXT_TIER[context];
  const stats = new Map(history.map((h) => [`${h.strategy}|${h.characteristic}`, h]));
  return STRATEGIES.filter((s) => s.tier <= tier)
    .map((strategy) => {
      const fit = characteristics.filter((c) => strategy.suits.includes(c)).length;
      // A deeper strategy is preferred when it fits as well: the context paid for it.
      const base = fit + strategy.tier * 0.1;
      const adj =
        characteristics.length === 0
          ? 0
          : characteristics.reduce((n, c) => n + adjustment(stats.get(`${strategy.name}|${c}`)), 0) /
            characteristics.length;
      return { strategy, base, adjustment: adj, score: base + adj };
    })
    .sort((a, b) => b.score - a.score || a.strategy.name.localeCompare(b.strategy.name));
}

export interface Assignment {
  section: string;
  strategy: string;
  characteristics: string[];
}

export function assignStrategies(
  context: PrdContext,
  sections: readonly SectionType[],
  history: readonly StrategyStat[],
): Assignment[] {
  return sections.map((section) => {
    const characteristics = [...(SECTION_CHARACTERISTICS[section] ?? ["completeness"])];
    const best = rankStrategies(context, characteristics, history)[0];
    return { section, strategy: best?.strategy.name ?? "first-principles", characteristics };
  });
}
