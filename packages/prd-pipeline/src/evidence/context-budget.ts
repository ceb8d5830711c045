// Splits a token budget across a context's sections and recall, by section weight, with a floor each.
import type { SectionType } from "../sections/section-catalogue.js";

const WEIGHTS: Partial<Record<SectionType, number>> = {
  overview: 1,
  goals: 1,
  requirements: 3,
  user_stories: 2,
  technical_specification: 4,
  acceptance_criteria: 2,
  data_model: 3,
  api_specification: 3,
  security_considerations: 2,
  performance_requirements: 2,
  testing: 3,
  deployment: 2,
  assumptions: 1,
  rollout_plan: 2,
  risks: 1,
  open_questions: 1,
  decision_log: 1,
  timeline: 1,
};

export const MIN_SECTION_TOKENS = 200;
export const DEFAULT_RECALL_SHARE = 0.2;

export interface BudgetSplit {
  total_tokens: number;
  recall_tokens: number;
  recall_per_section: number;
  sections: { section: string; weight: number; tokens: number }[];
  unallocated: number;
}

export function splitContextBudget(
  totalTokens: number,
  sections: readonly SectionType[],
  recallShare = DEFAULT_RECALL_SHARE,
): BudgetSplit {
  const total = Math.max(0, Math.floor(totalTokens));
  const recall = sections.length === 0 ? 0 : Math.floor(total * Math.min(0.9, Math.max(0, recallShare)));
  const drafting = total - recall;
  const weights = sections.map((s) => WEIGHTS[s] ?? 1);
  const weightSum = weights.reduce((a, b) => a + b, 0) || 1;
  const floor = Math.min(MIN_SECTION_TOKENS, Math.floor(drafting / Math.max(1, sections.length)));
  const spare = drafting - floor * sections.length;
  const split = sections.map((section, i) => {
    const weight = weights[i] ?? 1;
    return { section, weight, tokens: floor + Math.floor((spare * weight) / weightSum) };
  });
  const used = split.reduce((n, s) => n + s.tokens, 0) + recall;
  return {
    total_tokens: total,
    recall_tokens: recall,
    recall_per_section: sections.length === 0 ? 0 : Math.floor(recall / sections.length),
    sections: split,
    unallocated: total - used,
  };
}
