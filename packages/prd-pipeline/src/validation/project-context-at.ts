// The project context of a project on disk, built as a grounded run builds it: the tables its schema defines
// and its own rules for the files the PRD names, read from Archon's database. What a validator outside a run uses.
import { UserError } from "@archon/core";
import { hasArchonDatabase, openGrounding } from "archon/grounding";
import { backtickedNames } from "../sections/grounding-block.js";
import { NO_PROJECT_CONTEXT, type ProjectContext, projectContextOf } from "../sections/project-context.js";
import { type PrdValidator, prdValidator } from "./prd-validator.js";

/** Files a PRD names that are looked up for project rules: bounds the compile on a huge document. */
export const MAX_NAMED_FILES = 50;

export interface ProjectContextFound {
  project: ProjectContext;
  /** Where the context came from, or why there is none: printed beside a validation result. */
  source: string;
}

const looksLikeFile = (name: string) => name.includes("/") && /\.[a-z]{1,5}$/i.test(name);

function unreadable(root: string, error: unknown): UserError {
  return new UserError(
    `Cannot read the Archon database of ${root}: ${error instanceof Error ? error.message : String(error)}.`,
    "Point --archon-db at the project's .archon/archon.db, or run `archon setup` in the project.",
  );
}

/**
 * `text` is the PRD being validated: the files it names choose the project rules, as the files a feature
 * touches do in a run. Without an Archon database the context is empty and `source` says so.
 */
export function projectContextAt(
  root: string,
  options: { archonDb?: string | null; text?: string } = {},
): ProjectContextFound {
  const dbPath = options.archonDb ?? undefined;
  let grounding: ReturnType<typeof openGrounding>;
  try {
    grounding = hasArchonDatabase(root, dbPath) ? openGrounding(root, { dbPath }) : undefined;
  } catch (error) {
    throw unreadable(root, error);
  }
  if (!grounding) {
    return {
      project: NO_PROJECT_CONTEXT,
      source: `no Archon database in ${root}: foreign keys are checked against the document's own tables only`,
    };
  }
  try {
    const files = backtickedNames(options.text ?? "")
      .filter(looksLikeFile)
      .slice(0, MAX_NAMED_FILES);
    const tables = grounding.tables();
    const rules = files.length > 0 ? grounding.rules(files).rules : [];
    // The run's own builder, so a PRD is judged here exactly as the run that wrote it judged it.
    const project = projectContextOf({ source: "archon", tables, rules });
    return {
      project,
      source: `${grounding.dbPath}: ${tables.length} tables from the schema, ${rules.length} project rules`,
    };
  } catch (error) {
    // SQLite opens lazily: a file that is no database shows only when the rules are read.
    throw unreadable(root, error);
  } finally {
    grounding.close();
  }
}

/** The validator for a project on disk and the document about to be validated. */
export function validatorAt(
  root: string,
  options: { archonDb?: string | null; text?: string } = {},
): PrdValidator {
  return prdValidator(projectContextAt(root, options).project);
}
