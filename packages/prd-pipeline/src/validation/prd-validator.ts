// One validator for every caller (the run's scoring, `archon-prd validate`, validate_prd_section and
// validate_prd_document), bound to one project context so all of them score a PRD alike.
import { NO_PROJECT_CONTEXT, type ProjectContext } from "../sections/project-context.js";
import type { SectionType } from "../sections/section-catalogue.js";
import type { SectionResult } from "./types.js";
import { type DocumentResult, validateDocument } from "./validate-document.js";
import { validateSection } from "./validate-section.js";

export interface PrdValidator {
  /** The project's tables and own rules every verdict of this validator took into account. */
  readonly project: ProjectContext;
  section(type: SectionType, content: string): SectionResult;
  document(markdown: string): DocumentResult;
}

export function prdValidator(project: ProjectContext = NO_PROJECT_CONTEXT): PrdValidator {
  return {
    project,
    section: (type, content) => validateSection(type, content, project),
    document: (markdown) => validateDocument(markdown, project),
  };
}
