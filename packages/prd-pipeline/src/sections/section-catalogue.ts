// The section types in document order, with the recall query and heading each one uses.

export const SECTION_TYPES = [
  "overview",
  "goals",
  "assumptions",
  "requirements",
  "user_stories",
  "technical_specification",
  "acceptance_criteria",
  "data_model",
  "api_specification",
  "security_considerations",
  "performance_requirements",
  "testing",
  "deployment",
  "rollout_plan",
  "risks",
  "open_questions",
  "decision_log",
  "timeline",
  "source_code",
  "test_code",
  "jira_tickets",
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export const SECTION_TITLES: Record<SectionType, string> = {
  overview: "Overview",
  goals: "Goals",
  assumptions: "Assumptions",
  requirements: "Requirements",
  user_stories: "User Stories",
  technical_specification: "Technical Specification",
  acceptance_criteria: "Acceptance Criteria",
  data_model: "Data Model",
  api_specification: "API Specification",
  security_considerations: "Security Considerations",
  performance_requirements: "Performance Requirements",
  testing: "Testing",
  deployment: "Deployment",
  rollout_plan: "Rollout and Migration Plan",
  risks: "Risks",
  open_questions: "Open Questions",
  decision_log: "Decision Log",
  timeline: "Timeline",
  source_code: "Source Code",
  test_code: "Test Code",
  jira_tickets: "Jira Tickets",
};

// The skill document names these query shapes; the rest fall back to "<title> <feature>".
const RECALL_TEMPLATES: Partial<Record<SectionType, string>> = {
  requirements: "requirements decisions for {feature}",
  technical_specification: "architecture pattern {feature} ports adapters",
  data_model: "data model {feature} tables relationships migrations",
  acceptance_criteria: "acceptance criteria {feature} Given When Then",
  security_considerations: "security threats {feature} auth authz STRIDE",
  performance_requirements: "performance NFR {feature} latency throughput SLA",
  testing: "testing strategy {feature} coverage e2e integration",
  rollout_plan: "rollout migration backfill {feature} feature flag",
  decision_log: "decisions {feature} rationale trade-offs",
};

export function recallQuery(type: SectionType, feature: string): string {
  const template = RECALL_TEMPLATES[type] ?? `${SECTION_TITLES[type].toLowerCase()} {feature}`;
  return template.replace("{feature}", feature);
}

/**
 * Heading keywords (English and French) that map a `##` heading of a whole document to a section
 * type. Checked in order, so the more specific phrases come first.
 */
export const HEADING_KEYWORDS: readonly (readonly [SectionType, readonly string[]])[] = [
  ["assumptions", ["assumption", "hypothèse", "hypothese"]],
  ["open_questions", ["open question", "questions ouvertes", "unresolved"]],
  ["decision_log", ["decision", "décision"]],
  ["rollout_plan", ["rollout", "migration plan", "plan de migration"]],
  ["acceptance_criteria", ["acceptance", "critères d'acceptation", "criteres d'acceptation"]],
  ["user_stories", ["user stor", "récits utilisateur", "histoires utilisateur", "stories"]],
  ["performance_requirements", ["performance"]],
  ["security_considerations", ["security", "sécurité", "securite"]],
  ["technical_specification", ["technical spec", "architecture", "spécification technique"]],
  ["data_model", ["data model", "modèle de données", "modele de donnees", "schema"]],
  ["api_specification", ["api"]],
  ["requirements", ["requirement", "exigence"]],
  ["test_code", ["test code", "code de test"]],
  ["source_code", ["source code", "code source"]],
  ["testing", ["test"]],
  ["deployment", ["deploy", "déploiement", "deploiement"]],
  ["risks", ["risk", "risque"]],
  ["timeline", ["timeline", "calendrier", "planning", "jalons", "milestones"]],
  ["jira_tickets", ["jira", "ticket"]],
  ["goals", ["goal", "objecti"]],
  ["overview", ["overview", "aperçu", "vue d'ensemble", "résumé", "summary", "introduction"]],
];

export function sectionTypeForHeading(heading: string): SectionType | null {
  const lower = heading.toLowerCase();
  for (const [type, keywords] of HEADING_KEYWORDS) {
    if (keywords.some((k) => lower.includes(k))) return type;
  }
  return null;
}

export function isSectionType(value: string): value is SectionType {
  return (SECTION_TYPES as readonly string[]).includes(value);
}
