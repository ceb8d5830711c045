// `archon-prd validate <file>`: validates a PRD (or one section) and sets the exit code for CI.
import { existsSync, readFileSync, statSync } from "node:fs";
import { isSectionType, SECTION_TYPES } from "../sections/section-catalogue.js";
import { prdValidator } from "../validation/prd-validator.js";
import { projectContextAt } from "../validation/project-context-at.js";
import type { SectionResult, Violation } from "../validation/types.js";

type Write = (text: string) => void;

export interface ValidateOptions {
  section?: string;
  json?: boolean;
  /** The project whose schema and rules the PRD is checked against, as the run that wrote it was. */
  projectRoot: string;
  archonDb?: string;
}

/** Exit codes: 0 no critical violation, 1 critical violations, 2 the file or the options are unusable. */
export function runValidateCommand(file: string, options: ValidateOptions, out: Write, err: Write): number {
  if (!existsSync(file) || !statSync(file).isFile()) {
    err(`archon-prd validate: no such file: ${file}\n`);
    return 2;
  }
  if (options.section !== undefined && !isSectionType(options.section)) {
    err(
      `archon-prd validate: unknown section type "${options.section}"; use one of: ${SECTION_TYPES.join(", ")}\n`,
    );
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    err(
      `archon-prd validate: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
  const context = projectContextAt(options.projectRoot, { archonDb: options.archonDb, text });
  const validator = prdValidator(context.project);
  const result: SectionResult =
    options.section !== undefined && isSectionType(options.section)
      ? validator.section(options.section, text)
      : validator.document(text).overall;
  if (options.json) out(`${JSON.stringify({ file, project_context: context.source, ...result }, null, 2)}\n`);
  else out(report(file, result, context.source));
  return result.has_critical ? 1 : 0;
}

function report(file: string, result: SectionResult, source: string): string {
  const lines = [
    `${file}: score ${result.score.toFixed(2)}, ${result.rules_passed}/${result.rules_checked} rules passed, ${result.violations.length} violation(s)`,
    `  project context: ${source}`,
  ];
  for (const v of result.violations) lines.push(`  ${severity(v)} ${v.section_type} ${v.rule}: ${v.message}`);
  return `${lines.join("\n")}\n`;
}

function severity(v: Violation): string {
  return v.critical ? "critical" : "warning ";
}
