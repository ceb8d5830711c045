// archon migrate: move the rules out of CLAUDE.md, AGENTS.md and editor rule files into archon, after a yes.
import { existsSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { UserError } from "@archon/core";
import * as p from "@clack/prompts";
import { createArchonContext, writeContext } from "../context/archon-context.js";
import { applyMigration, assertUnblocked } from "../migrate/apply-migration.js";
import {
  describeMigration,
  describeResult,
  hasWork,
  migrationSummary,
} from "../migrate/describe-migration.js";
import { planMigration } from "../migrate/plan-migration.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface MigrateFlags {
  dryRun?: boolean;
  keepSources?: boolean;
  force?: boolean;
  yes?: boolean;
  json?: boolean;
}

export interface MigrateIo {
  input: Readable;
  output: Writable;
  /** Both streams are a terminal, so the person can be asked. */
  interactive: boolean;
}

export async function migrateCommand(
  options: GlobalOptions,
  flags: MigrateFlags,
  io: MigrateIo,
): Promise<void> {
  const asks = !flags.dryRun && !flags.yes;
  if (asks && (!io.interactive || flags.json))
    throw new UserError(
      "archon migrate rewrites and removes instruction files, so it asks first, on a terminal.",
      "Preview with --dry-run; in scripts (or with --json) confirm up front with --yes.",
    );
  // A dry run must not even create the database.
  const ctx =
    flags.dryRun && !existsSync(options.db)
      ? createArchonContext({ surface: "admin", dbPath: ":memory:", projectRoot: options.projectRoot })
      : openContext(options, { creates: true });
  const say = (text: string) => io.output.write(`${text}\n`);
  try {
    const plan = planMigration(
      { db: ctx.kdb.db, projectRoot: ctx.projectRoot },
      { keep_sources: flags.keepSources, force: flags.force },
    );
    const summary = migrationSummary(plan);
    if (flags.dryRun || !hasWork(plan)) {
      if (flags.json)
        say(JSON.stringify({ dry_run: flags.dryRun === true, ...summary, result: null }, null, 2));
      else
        say(
          [
            ...describeMigration(plan),
            hasWork(plan) ? "Dry run: nothing was written." : "Nothing to migrate.",
          ].join("\n"),
        );
      return;
    }
    assertUnblocked(plan);
    if (asks) {
      p.note(describeMigration(plan).join("\n"), "archon migrate", { output: io.output });
      const answer = await p.confirm({ message: "Migrate these rules now?", initialValue: false, ...io });
      if (answer !== true) {
        p.cancel("Nothing was changed.", { output: io.output });
        return;
      }
    }
    const result = applyMigration({ ...writeContext(ctx), ids: ctx.ids }, plan);
    if (flags.json) say(JSON.stringify({ dry_run: false, ...summary, result }, null, 2));
    else say([...(asks ? [] : describeMigration(plan)), ...describeResult(result)].join("\n"));
  } finally {
    ctx.close();
  }
}
