// Shapes shared by every validation rule: the violation, the rule and the section result.
import { z } from "zod";
import type { Concern } from "../sections/project-context.js";
import type { SectionType } from "../sections/section-catalogue.js";
import type { SectionDoc } from "./markdown.js";

export const CRITICAL_PENALTY = 0.15;
export const WARNING_PENALTY = 0.05;
export const MAX_MESSAGE_CHARS = 300;

export const violationSchema = z.object({
  rule: z.string(),
  section_type: z.string(),
  message: z.string(),
  offending_content: z.string(),
  location: z.string(),
  critical: z.boolean(),
  penalty: z.number(),
});
export type Violation = z.infer<typeof violationSchema>;

/** What a rule reports: the facts of one problem; the validator adds section, severity and penalty. */
export interface Finding {
  message: string;
  offending_content?: string;
  location?: string;
}

export interface Rule {
  /** Stable snake_case id, reported as `violation.rule`. */
  id: string;
  critical: boolean;
  /** Topic words a corrective recall searches for when this rule fails. */
  topic: string;
  /** A generic mandate on this concern: lifted where the project has a rule of its own for it. */
  concern?: Concern;
  check(doc: SectionDoc): Finding[];
}

export interface SectionResult {
  section_type: string;
  violations: Violation[];
  rules_checked: number;
  rules_passed: number;
  has_critical: boolean;
  score: number;
}

export function scoreOf(violations: readonly Violation[]): number {
  const sum = violations.reduce((total, v) => total + v.penalty, 0);
  return Math.max(0, Math.round((1 - sum) * 1e6) / 1e6);
}

export function toViolation(rule: Rule, sectionType: SectionType | string, finding: Finding): Violation {
  return {
    rule: rule.id,
    section_type: sectionType,
    // Both quote the document (a table cell, a label), so both are cut: an answer lists many violations.
    message: finding.message.slice(0, MAX_MESSAGE_CHARS),
    offending_content: (finding.offending_content ?? "").slice(0, 200),
    location: finding.location ?? "section",
    critical: rule.critical,
    penalty: rule.critical ? CRITICAL_PENALTY : WARNING_PENALTY,
  };
}
