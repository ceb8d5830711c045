// archon doctor --repair: a damaged knowledge database is copied aside untouched, then a fresh one is built
// from what the project committed, through the same seed and rules-file paths a person's commands take.
import { constants, copyFileSync, existsSync, readFileSync, renameSync, unlinkSync } from "node:fs";
import { basename, join } from "node:path";
import { type Clock, openDatabase, sha256, systemClock, UserError } from "@archon/core";
import { writeContext } from "../context/archon-context.js";
import { projectDatabaseRefusal } from "../context/project-database.js";
import { applySeed } from "../knowledge/apply-seed.js";
import { RULE_FILES_DIR } from "../knowledge/rule-files/rule-file-text.js";
import { readSeedFile } from "../knowledge/seed-file.js";
import {
  committedRulesText,
  committedTarget,
  inGitWorkTree,
  writeCommittedBase,
} from "../knowledge/standing-rules/committed-rules.js";
import { RULES_FILE } from "../knowledge/standing-rules/rules-file.js";
import { syncRulesFile } from "../knowledge/standing-rules/sync-rules-file.js";
import { sqliteDamage, truncation } from "../store/database-damage.js";
import { countApprovedDocuments } from "../store/documents.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

const SEED_FILE = "archon.seed.yaml";

export interface RepairReport {
  database: string;
  /** What was wrong; null when the database was healthy and nothing was done. */
  damage: string | null;
  /** Where the damaged file (and its journal, if any) now is, byte for byte. */
  damaged_copy: string | null;
  restored: string[];
  not_restored: string[];
}

export function repairDatabase(options: GlobalOptions, clock: Clock = systemClock): RepairReport {
  const path = options.db;
  const refusal = projectDatabaseRefusal(path, options.projectRoot, true);
  if (refusal) throw refusal;
  if (!existsSync(path))
    throw new UserError(
      `There is no knowledge database at ${path}, so there is nothing to repair.`,
      "Run `archon setup` to create one, or pass --db the database to repair.",
    );
  const damage = findDamage(path);
  const report: RepairReport = {
    database: path,
    damage: damage ?? null,
    damaged_copy: null,
    restored: [],
    not_restored: [],
  };
  if (damage === undefined) return report;
  report.damaged_copy = copyAside(path, clock);
  const ctx = openContext(options, { creates: true });
  try {
    // Opening the fresh database absorbed the committed rule files: they are the source, and newer
    // than a seed file, which only fills a project that has none.
    const fromFiles = countApprovedDocuments(ctx.kdb.db);
    if (fromFiles > 0)
      report.restored.push(`${RULE_FILES_DIR}/: ${plural(fromFiles, "rule")} from the committed rule files`);
    else restoreSeed(ctx, report);
    restoreRules(ctx, report);
  } finally {
    ctx.close();
  }
  report.not_restored.push(
    `compile audit, episodic memory, observations and proposals: they lived only in the database and stay in ${basename(report.damaged_copy)}`,
    "the symbol index: run `archon reindex-symbols` to build it again",
  );
  return report;
}

/** What is wrong with the file, read-only: its length against its header, then SQLite's page-by-page check. */
function findDamage(path: string): string | undefined {
  try {
    const db = openDatabase(path, { readonly: true });
    try {
      const cut = truncation(db, path);
      if (cut) return cut;
      const verdict = db.pragma("quick_check", { simple: true });
      return verdict === "ok" ? undefined : `SQLite's check says "${String(verdict)}"`;
    } finally {
      db.close();
    }
  } catch (error) {
    return (
      sqliteDamage(error) ??
      `SQLite cannot read it: "${error instanceof Error ? error.message : String(error)}"`
    );
  }
}

/**
 * Copies the damaged file aside and makes sure the copy is byte-identical before the original goes. A
 * journal left beside it moves with it: SQLite would otherwise replay it into the fresh database.
 */
function copyAside(path: string, clock: Clock): string {
  const stamp = clock.now().toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");
  const copy = `${path}.damaged-${stamp}`;
  copyFileSync(path, copy, constants.COPYFILE_EXCL);
  if (digest(copy) !== digest(path))
    throw new UserError(
      `The copy ${copy} of the damaged database does not match it, so the database was left as it is.`,
      "Check the disk has room, remove the copy, and run `archon doctor --repair` again.",
    );
  const journal = `${path}-journal`;
  if (existsSync(journal)) renameSync(journal, `${copy}-journal`);
  unlinkSync(path);
  return copy;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

const digest = (path: string) => sha256(readFileSync(path));

type Context = ReturnType<typeof openContext>;

function restoreSeed(ctx: Context, report: RepairReport): void {
  const seedPath = join(ctx.projectRoot, SEED_FILE);
  if (!existsSync(seedPath)) {
    report.not_restored.push(`${SEED_FILE}: the project has none`);
    return;
  }
  try {
    const summary = applySeed(writeContext(ctx), readSeedFile(ctx.kdb.db, seedPath, ctx.projectRoot));
    report.restored.push(
      `${SEED_FILE}: ${plural(summary.documents, "document")}, ${plural(summary.layer_rules_added, "layer rule")}`,
    );
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    report.not_restored.push(`${SEED_FILE}: ${error.message}`);
  }
}

/** The committed rules.md in git (what the team reviewed), else the file on disk; a person runs this. */
function restoreRules(ctx: Context, report: RepairReport): void {
  const committed = inGitWorkTree(ctx.projectRoot) ? committedRulesText(ctx.projectRoot) : undefined;
  if (committed === undefined && !existsSync(join(ctx.projectRoot, RULES_FILE))) {
    report.not_restored.push(`${RULES_FILE}: the project has none`);
    return;
  }
  try {
    const result =
      committed === undefined
        ? syncRulesFile(writeContext(ctx))
        : syncRulesFile(writeContext(ctx), { file: committedTarget(ctx.kdb.db, null, committed) });
    // The hooks absorb only what changes after this text: it is in the knowledge base now.
    if (committed !== undefined) writeCommittedBase(ctx.projectRoot, { committed, told_outside_git: false });
    report.restored.push(
      `${RULES_FILE}${committed === undefined ? "" : " (as committed)"}: ${plural(result.added.length, "rule")}`,
    );
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    report.not_restored.push(`${RULES_FILE}: ${error.message}`);
  }
}

/** The report as a person reads it. */
export function formatRepair(report: RepairReport): string {
  if (report.damage === null)
    return `The knowledge database ${report.database} is healthy: nothing to repair.\n`;
  return [
    `The knowledge database ${report.database} was damaged (${report.damage}).`,
    `The damaged file is kept, byte for byte, at ${report.damaged_copy}; a fresh database replaces it.`,
    "",
    "Restored:",
    ...(report.restored.length > 0 ? report.restored.map((r) => `  ${r}`) : ["  nothing"]),
    "Not restored:",
    ...report.not_restored.map((r) => `  ${r}`),
    "",
  ].join("\n");
}
