// Document-level rules: arithmetic, numbering and verdict honesty over the whole text, and FR -> AC -> test coverage.
import type { SectionType } from "../sections/section-catalogue.js";
import { findIds, idTable, type SectionDoc } from "./markdown.js";
import { acNumbering } from "./rules/ac-numbering.rule.js";
import { honestVerdicts } from "./rules/honest-verdicts.rule.js";
import { storyPointArithmetic } from "./rules/story-points.rule.js";
import type { Finding, Rule } from "./types.js";

export interface DocumentDoc {
  whole: SectionDoc;
  sections: Map<SectionType, SectionDoc>;
}

export interface DocumentRule {
  id: string;
  critical: boolean;
  topic: string;
  check(doc: DocumentDoc): Finding[];
}

function onWhole(rule: Rule, id: string): DocumentRule {
  return { id, critical: rule.critical, topic: rule.topic, check: (doc) => rule.check(doc.whole) };
}

function definedFrs(doc: DocumentDoc): string[] {
  const requirements = doc.sections.get("requirements");
  const table = requirements ? idTable(requirements, "FR-") : null;
  return (table?.rows ?? [])
    .map((r) => (r[0] ?? "").toUpperCase().replace(/\*/g, ""))
    .filter((id) => id.startsWith("FR-"));
}

function idSet(doc: SectionDoc | undefined, prefix: string): Set<string> {
  return new Set(doc ? findIds(doc.text, prefix).map((i) => i.id) : []);
}

const frAcCoverage: DocumentRule = {
  id: "fr_ac_coverage",
  critical: false,
  topic: "acceptance criteria cover requirements",
  check: (doc) => {
    const ac = doc.sections.get("acceptance_criteria");
    if (!ac) return [];
    const cited = idSet(ac, "FR");
    const uncovered = definedFrs(doc).filter((id) => !cited.has(id));
    return uncovered.length === 0
      ? []
      : [
          {
            message: `No acceptance criterion covers ${uncovered.slice(0, 10).join(", ")}.`,
            offending_content: uncovered.join(", "),
          },
        ];
  },
};

const acTestCoverage: DocumentRule = {
  id: "ac_test_coverage",
  critical: false,
  topic: "tests cover acceptance criteria",
  check: (doc) => {
    const ac = doc.sections.get("acceptance_criteria");
    const testing = doc.sections.get("testing");
    if (!ac || !testing) return [];
    const tested = idSet(testing, "AC");
    const untested = [...idSet(ac, "AC")].filter((id) => !tested.has(id));
    return untested.length === 0
      ? []
      : [
          {
            message: `No test covers ${untested.slice(0, 10).join(", ")}.`,
            offending_content: untested.join(", "),
          },
        ];
  },
};

const testTraceIntegrity: DocumentRule = {
  id: "test_traceability_integrity",
  critical: true,
  topic: "test references existing ids",
  check: (doc) => {
    const testing = doc.sections.get("testing");
    if (!testing) return [];
    const frs = new Set(definedFrs(doc));
    const acs = idSet(doc.sections.get("acceptance_criteria"), "AC");
    const dangling = [
      ...(frs.size > 0 ? [...idSet(testing, "FR")].filter((id) => !frs.has(id)) : []),
      ...(acs.size > 0 ? [...idSet(testing, "AC")].filter((id) => !acs.has(id)) : []),
    ];
    return dangling.length === 0
      ? []
      : [
          {
            message: `Tests cite ids that are not defined: ${dangling.slice(0, 10).join(", ")}.`,
            offending_content: dangling.join(", "),
          },
        ];
  },
};

export const DOCUMENT_RULES: readonly DocumentRule[] = [
  onWhole(storyPointArithmetic, "doc_story_point_arithmetic"),
  {
    ...onWhole(acNumbering, "doc_ac_numbering"),
    check: (doc) => (findIds(doc.whole.text, "AC").length === 0 ? [] : acNumbering.check(doc.whole)),
  },
  onWhole(honestVerdicts, "doc_honest_verdicts"),
  frAcCoverage,
  acTestCoverage,
  testTraceIntegrity,
];
