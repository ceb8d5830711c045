// .archon/rules.md on a replica: rendered again after a sync changed the standing rules, through the
// writer a local approval uses. A file holding edits that are not the standing rules it had is left as it
// is and said so: a replica cannot absorb them (that is the server's), and overwriting would lose them.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Db, UserError } from "@archon/core";
import { RULES_FILE, type RuleSection, renderRulesFile } from "../../knowledge/standing-rules/rules-file.js";
import {
  diffRules,
  isEmptyDiff,
  readRulesFile,
  standingRules,
  writeRulesFile,
} from "../../knowledge/standing-rules/rules-on-disk.js";

export interface RulesFileOutcome {
  rules_file_written: boolean;
  warnings: string[];
}

/** Why the file on disk may not be overwritten, or undefined when it holds nothing but `before`. */
function handEdited(projectRoot: string, before: readonly RuleSection[]): string | undefined {
  try {
    const edits = diffRules(readRulesFile(projectRoot), before);
    return isEmptyDiff(edits) ? undefined : "it has edits that are not this replica's standing rules";
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return "it does not parse as the rules file";
  }
}

/** After a sync's transaction: `before` are the standing rules it started from. */
export function rerenderRulesFile(
  projectRoot: string,
  db: Db,
  before: readonly RuleSection[],
): RulesFileOutcome {
  const rendered = renderRulesFile(standingRules(db));
  if (rendered === renderRulesFile(before)) return { rules_file_written: false, warnings: [] };
  const path = join(projectRoot, RULES_FILE);
  if (existsSync(path) && readFileSync(path, "utf8") === rendered)
    return { rules_file_written: false, warnings: [] };
  const refusal = handEdited(projectRoot, before);
  if (refusal)
    return {
      rules_file_written: false,
      warnings: [
        `${RULES_FILE} was left as it was: ${refusal}. Move those edits to the team server (they are approved there), then delete the file; the next sync that changes a standing rule renders it again.`,
      ],
    };
  try {
    writeRulesFile(projectRoot, db);
    return { rules_file_written: true, warnings: [] };
  } catch (error) {
    // The standing rules are synced; the file is a rendering of them and can be written again later.
    return {
      rules_file_written: false,
      warnings: [
        `${RULES_FILE} could not be written (${(error as Error).message}); the next sync that changes a standing rule tries again.`,
      ],
    };
  }
}
