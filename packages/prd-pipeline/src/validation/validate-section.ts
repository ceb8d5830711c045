// Validates one section: runs its rules, scores the violations, never throws.
import { NO_PROJECT_CONTEXT, type ProjectContext } from "../sections/project-context.js";
import type { SectionType } from "../sections/section-catalogue.js";
import { rulesFor } from "./catalogue.js";
import { readSection, type SectionDoc } from "./markdown.js";
import { type Rule, type SectionResult, scoreOf, toViolation, type Violation } from "./types.js";

/** Runs rules over a read document; a rule that throws reports itself instead of breaking validation. */
export function runRules(rules: readonly Rule[], doc: SectionDoc, sectionType: string): SectionResult {
  const violations: Violation[] = [];
  let passed = 0;
  for (const rule of rules) {
    let findings: ReturnType<Rule["check"]>;
    try {
      findings = doc.optedOut ? [] : rule.check(doc);
    } catch (error) {
      findings = [
        { message: `rule failed to run: ${error instanceof Error ? error.message : String(error)}` },
      ];
    }
    if (findings.length === 0) passed += 1;
    for (const finding of findings) violations.push(toViolation(rule, sectionType, finding));
  }
  return {
    section_type: sectionType,
    violations,
    rules_checked: rules.length,
    rules_passed: passed,
    has_critical: violations.some((v) => v.critical),
    score: scoreOf(violations),
  };
}

/** `project` lifts the generic mandates the project has rules of its own for, and names its existing tables. */
export function validateSection(
  type: SectionType,
  content: string,
  project: ProjectContext = NO_PROJECT_CONTEXT,
): SectionResult {
  return runRules(rulesFor(type, project), readSection(content, type, project), type);
}
