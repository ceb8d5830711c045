// The migration screen of `archon setup`: when instruction files hold rules, offer to move them into
// archon (the same plan and apply as `archon migrate`), before the adapters are deployed.
import * as p from "@clack/prompts";
import { type ArchonContext, writeContext } from "../context/archon-context.js";
import { applyMigration, type MigrationResult } from "../migrate/apply-migration.js";
import {
  describeMigration,
  describeResult,
  hasWork,
  migrationSummary,
  strandedAgents,
} from "../migrate/describe-migration.js";
import { planMigration } from "../migrate/plan-migration.js";
import type { WizardIo } from "./wizard.js";

/** `ask` on a terminal; `yes`/`no` from --migrate/--no-migrate; `hint` under --yes with neither flag. */
export type MigrationChoice = "ask" | "yes" | "no" | "hint";

export interface MigrationOffer {
  migration: MigrationResult | null;
  /** What to tell the person afterwards. */
  lines: string[];
}

export async function offerMigration(
  ctx: ArchonContext,
  choice: MigrationChoice,
  io: WizardIo,
): Promise<MigrationOffer> {
  if (choice === "no") return { migration: null, lines: [] };
  const plan = planMigration({ db: ctx.kdb.db, projectRoot: ctx.projectRoot });
  if (!hasWork(plan)) return { migration: null, lines: [] };
  const rules = `${plan.documents.length + plan.relocated.length} rule(s)`;
  if (choice === "hint")
    return {
      migration: null,
      lines: [
        `Your instruction files hold ${rules} archon can take over: preview with archon migrate --dry-run, or run setup with --migrate.`,
      ],
    };
  if (plan.blockers.length > 0)
    return {
      migration: null,
      lines: [
        "Migration skipped:",
        ...plan.blockers.map((b) => `  ${b.path} ${b.reason}`),
        "Commit those files, then run archon migrate (--force goes ahead anyway; the originals are backed up).",
      ],
    };
  if (choice === "ask") {
    p.note(describeMigration(plan).join("\n"), "Move your rules into archon?", { output: io.output });
    const answer = await p.confirm({
      message: `Migrate ${rules} now? The files are backed up under .archon/migrate/ first.`,
      initialValue: false,
      ...io,
    });
    if (answer !== true)
      return { migration: null, lines: ["Migration skipped; run archon migrate when you are ready."] };
  }
  const migration = applyMigration({ ...writeContext(ctx), ids: ctx.ids }, plan);
  // Asked on a terminal, the person has just read these lines in the preview.
  const stranded = choice === "ask" ? [] : strandedAgents(migrationSummary(plan));
  return { migration, lines: [...describeResult(migration), ...stranded] };
}
