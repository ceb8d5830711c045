// Validates a whole PRD: splits it into sections by `##` heading, runs section and document rules.
import { NO_PROJECT_CONTEXT, type ProjectContext } from "../sections/project-context.js";
import { type SectionType, sectionTypeForHeading } from "../sections/section-catalogue.js";
import { rulesFor } from "./catalogue.js";
import { DOCUMENT_RULES, type DocumentDoc } from "./document-rules.js";
import { readSection } from "./markdown.js";
import { type SectionResult, scoreOf, toViolation, type Violation } from "./types.js";
import { runRules } from "./validate-section.js";

export interface DocumentResult {
  sections: SectionResult[];
  document: SectionResult;
  /** Section and document violations together, scored with the same formula. */
  overall: SectionResult;
  unrecognised_headings: string[];
}

/** Splits markdown on `## ` headings; text before the first one is ignored (title, preamble). */
export function splitSections(
  markdown: string,
): { heading: string; type: SectionType | null; body: string }[] {
  const parts: { heading: string; type: SectionType | null; lines: string[] }[] = [];
  let fence = false;
  for (const line of markdown.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed.startsWith("```") || trimmed.startsWith("~~~")) fence = !fence;
    if (!fence && line.startsWith("## ")) {
      const heading = line.slice(3).trim();
      parts.push({ heading, type: sectionTypeForHeading(heading), lines: [line] });
    } else parts.at(-1)?.lines.push(line);
  }
  return parts.map((p) => ({ heading: p.heading, type: p.type, body: p.lines.join("\n") }));
}

/** `project` is what the project decides for itself; the same context scores every section of a run. */
export function validateDocument(
  markdown: string,
  project: ProjectContext = NO_PROJECT_CONTEXT,
): DocumentResult {
  const sections = new Map<SectionType, string[]>();
  const unrecognised: string[] = [];
  for (const part of splitSections(markdown)) {
    if (part.type === null) unrecognised.push(part.heading);
    else {
      // Appended in place: copying the list for every repeated heading made this quadratic.
      const bodies = sections.get(part.type);
      if (bodies) bodies.push(part.body);
      else sections.set(part.type, [part.body]);
    }
  }
  const sectionResults: SectionResult[] = [];
  const docs: DocumentDoc = { whole: readSection(markdown, "document", project), sections: new Map() };
  for (const [type, bodies] of sections) {
    // Read once, for the section rules and the document rules alike.
    const doc = readSection(bodies.join("\n\n"), type, project);
    docs.sections.set(type, doc);
    sectionResults.push(runRules(rulesFor(type, project), doc, type));
  }
  const violations: Violation[] = [];
  let passed = 0;
  for (const rule of DOCUMENT_RULES) {
    let findings: ReturnType<typeof rule.check>;
    try {
      findings = rule.check(docs);
    } catch (error) {
      findings = [
        { message: `rule failed to run: ${error instanceof Error ? error.message : String(error)}` },
      ];
    }
    if (findings.length === 0) passed += 1;
    for (const f of findings) violations.push(toViolation({ ...rule, check: () => [] }, "document", f));
  }
  const document: SectionResult = {
    section_type: "document",
    violations,
    rules_checked: DOCUMENT_RULES.length,
    rules_passed: passed,
    has_critical: violations.some((v) => v.critical),
    score: scoreOf(violations),
  };
  const all = [...sectionResults.flatMap((s) => s.violations), ...violations];
  const overall: SectionResult = {
    section_type: "overall",
    violations: all,
    rules_checked: sectionResults.reduce((n, s) => n + s.rules_checked, 0) + document.rules_checked,
    rules_passed: sectionResults.reduce((n, s) => n + s.rules_passed, 0) + document.rules_passed,
    has_critical: all.some((v) => v.critical),
    score: scoreOf(all),
  };
  return { sections: sectionResults, document, overall, unrecognised_headings: unrecognised };
}
