// Each section's own rules for its drafter, told up front so the first attempt can pass: a section is
// told what its validators check, and nothing that only applies to another section.
import type { SectionType } from "./section-catalogue.js";

/** What a requirement's Source may be: something a reader of the exported PRD can open. */
export const VALID_SOURCES =
  "A Source is something a reader can follow: a clarification id (CLR-01, listed in <clarifications>), an " +
  "assumption id (ASM-01), a project rule's doc_id in brackets ([doc-id]), a recalled memory's cite, a goal of " +
  'this PRD, or "Feature request" for the request itself. Never a person, a meeting or a document this PRD ' +
  "does not name.";

export const SECTION_GUIDANCE: Partial<Record<SectionType, readonly string[]>> = {
  assumptions: [
    "A table `ID | Assumption | Rests on | How we will know it is wrong`; ids ASM-01, ASM-02, ...",
    "Only what this PRD takes for true without proof; each rests on a clarification (CLR-nn), a project rule or the code the grounding names.",
  ],
  requirements: [
    "A markdown table with the header `ID | Requirement | Priority | Depends On | Source`; ids FR-001, FR-002, ... " +
      "without gaps or duplicates (NFR-001... for non-functional ones); nothing depends on itself; no story points here.",
    "Every NFR names its measurement method.",
    VALID_SOURCES,
  ],
  user_stories: ["Each story cites the FR ids it serves, as listed in <requirements>."],
  acceptance_criteria: [
    "Numbered AC-001, AC-002, ... without gaps, each in Given/When/Then form citing the FR it covers.",
  ],
  technical_specification: [
    "Typed payloads (never `any`); secrets from a vault or environment, never literal (placeholders like " +
      "`<API_KEY>` are fine); authentication on every endpoint; structured logging; named constants; dependency scanning.",
    "Name the files and symbols the change touches as the grounding lists them, in backticks.",
  ],
  data_model: [
    "No now() in partial indexes; state the data classification, how sensitive data is protected, and " +
      "consent/erasure support.",
  ],
  api_specification: [
    "Authentication on every endpoint, rate limiting, one error format, contract documentation (OpenAPI), and a " +
      "deprecation strategy.",
  ],
  security_considerations: [
    "Name the threat model (e.g. STRIDE), secrets handling, and data protection in transit and at rest.",
  ],
  performance_requirements: [
    "Every NFR target names its measurement method; never mark an NFR target PASS at design time.",
    "Start each NFR row with its id, NFR-001 or NFR-<AREA>-01 (NFR-LATENCY-01): verification keeps that id " +
      "as written.",
  ],
  testing: [
    "No placeholder tests; trace tests to FR/AC ids; include security and performance tests, negative and edge " +
      "cases, isolation of tests, and never production data.",
  ],
  deployment: ["A rollback plan and observability: metrics, logs, alerts and health checks."],
  rollout_plan: [
    "The stages of the rollout (feature flag, cohorts or percentages) and the signal that moves it to the next one.",
    "The data migration: which migration files are added, the backfill, and the order schema and code ship in " +
      "(or `no data migration: <reason>`); follow the project's rules for migrations when the grounding lists them.",
    "The rollback of each stage.",
  ],
  risks: ["A table of risks where every risk has a real mitigation (never n/a, tbd, todo, none or -)."],
  open_questions: [
    "A table `ID | Question | Owner | Needed by | Blocks`; ids OQ-01, OQ-02, ...",
    "Every question has an owner (a role or a person), never TBD; list only what this PRD leaves open.",
  ],
  decision_log: [
    "A table `ID | Decision | Alternatives considered | Rationale | Source`; ids DEC-01, DEC-02, ...",
    "Every decision has a rationale and a Source a reader can follow (a CLR-nn answer, a [doc-id] rule, a section of this PRD).",
  ],
  timeline: [
    "Story points per milestone in a table whose Total row equals the sum; no milestone above 70% of the total.",
  ],
};

/** Sections that may show code, where the architecture mandate (or the project's own rules) applies. */
export const SHOWS_CODE: ReadonlySet<SectionType> = new Set([
  "technical_specification",
  "data_model",
  "api_specification",
  "testing",
  "source_code",
  "test_code",
]);
