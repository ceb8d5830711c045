// The rule catalogue: which rules check which section type. Data, not code paths.
import { NO_PROJECT_CONTEXT, type ProjectContext } from "../sections/project-context.js";
import type { SectionType } from "../sections/section-catalogue.js";
import { acNumbering } from "./rules/ac-numbering.rule.js";
import * as C from "./rules/completeness.rules.js";
import { ddlForeignKeys } from "./rules/ddl-foreign-keys.rule.js";
import { ddlNoOrphans } from "./rules/ddl-orphans.rule.js";
import { endpointAuth } from "./rules/endpoint-auth.rule.js";
import { frNumbering } from "./rules/fr-numbering.rule.js";
import { frSelfDependency } from "./rules/fr-self-dependency.rule.js";
import { frNoStoryPoints } from "./rules/fr-story-points.rule.js";
import { frTraceability } from "./rules/fr-traceability.rule.js";
import { frUniqueIds } from "./rules/fr-unique-ids.rule.js";
import { hardcodedSecrets } from "./rules/hardcoded-secrets.rule.js";
import { honestVerdicts } from "./rules/honest-verdicts.rule.js";
import { noMagicNumbers } from "./rules/magic-numbers.rule.js";
import { nfrMeasurement } from "./rules/nfr-measurement.rule.js";
import { observability } from "./rules/observability.rule.js";
import { partialIndexNow } from "./rules/partial-index-now.rule.js";
import { placeholderTests } from "./rules/placeholder-tests.rule.js";
import { portsAndAdapters } from "./rules/ports-adapters.rule.js";
import { noPreamble } from "./rules/preamble.rule.js";
import * as P from "./rules/presence.rules.js";
import { noProductionData } from "./rules/production-data.rule.js";
import { riskMitigation } from "./rules/risk-mitigation.rule.js";
import { placeholderText, sectionHeading, sectionSubstance } from "./rules/section-substance.rule.js";
import { storyPointArithmetic, storyPointDistribution } from "./rules/story-points.rule.js";
import { testTraceability } from "./rules/test-traceability.rule.js";
import { untypedPayloads } from "./rules/untyped-payloads.rule.js";
import type { Rule } from "./types.js";

/** Checked on every section type. */
export const COMMON_RULES: readonly Rule[] = [sectionHeading, noPreamble, sectionSubstance, placeholderText];

export const SECTION_RULES: Partial<Record<SectionType, readonly Rule[]>> = {
  requirements: [frTraceability, frUniqueIds, frNumbering, frSelfDependency, frNoStoryPoints],
  acceptance_criteria: [acNumbering],
  technical_specification: [
    portsAndAdapters,
    untypedPayloads,
    hardcodedSecrets,
    endpointAuth,
    P.structuredLogging,
    noMagicNumbers,
    P.dependencyScanning,
  ],
  data_model: [
    ddlNoOrphans,
    ddlForeignKeys,
    partialIndexNow,
    P.dataClassification,
    P.sensitiveDataProtection,
    P.consentErasure,
  ],
  api_specification: [endpointAuth, P.apiRateLimiting, P.apiErrorFormat, P.apiContractDocs, P.apiDeprecation],
  security_considerations: [P.threatModel, P.secretsHandling, P.dataProtection],
  performance_requirements: [honestVerdicts, nfrMeasurement],
  testing: [
    placeholderTests,
    testTraceability,
    P.securityTests,
    P.performanceTests,
    noProductionData,
    P.negativeEdgeCases,
    P.testIsolation,
  ],
  deployment: [P.rollbackPlan, observability],
  assumptions: [C.assumptionIds, C.assumptionCheck],
  rollout_plan: [C.rolloutStages, C.dataMigration, P.rollbackPlan],
  risks: [riskMitigation],
  open_questions: [C.openQuestionOwners],
  decision_log: [C.decisionRationale, C.decisionSource],
  timeline: [storyPointArithmetic, storyPointDistribution],
};

/** The rules a section faces; a mandate whose concern the project rules on itself is left out. */
export function rulesFor(type: SectionType, project: ProjectContext = NO_PROJECT_CONTEXT): readonly Rule[] {
  return [...COMMON_RULES, ...(SECTION_RULES[type] ?? [])].filter(
    (r) => r.concern === undefined || project.ownRules[r.concern].length === 0,
  );
}

/** Every distinct rule, for listings and corrective recall. */
export function allRules(): Rule[] {
  const byId = new Map<string, Rule>();
  for (const rule of [...COMMON_RULES, ...Object.values(SECTION_RULES).flat()]) byId.set(rule.id, rule);
  return [...byId.values()];
}
