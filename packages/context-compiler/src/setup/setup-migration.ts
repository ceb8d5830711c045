// The migration screen of `archon setup`: when instruction files hold rules, offer to move them into
// archon (the same plan and apply as `archon migrate`), before the adapters are deployed.
import * as p from "@clack/prompts";
import { type ArchonContext, writeContext } from "../context/archon-context.js";
import { SERVER_NAMES } from "../knowledge/surface.js";
import { applyMigration, type MigrationResult } from "../migrate/apply-migration.js";
import {
  describeMigration,
  describeResult,
  hasWork,
  migrationSummary,
  strandedAgents,
} from "../migrate/describe-migration.js";
import type { UnreachedAgent } from "../migrate/migration-plan.js";
import { NATIVE_AGENTS, type NativeAgent } from "../migrate/native-context.js";
import { planMigration } from "../migrate/plan-migration.js";
import type { Registration } from "./register-clients.js";
import type { WizardIo } from "./wizard.js";

/** `ask` on a terminal; `yes`/`no` from --migrate/--no-migrate; `hint` under --yes with neither flag. */
export type MigrationChoice = "ask" | "yes" | "no" | "hint";

export interface MigrationOffer {
  migration: MigrationResult | null;
  /** What to tell the person afterwards. */
  lines: string[];
}

/**
 * The agents whose registration setup could only print (or failed to make): until a person connects them,
 * their own instruction files are all the rules they get. Only archon's own entry counts (archon-prd
 * missing leaves the rules reachable), and only agents migration moves files of (GEMINI.md always stays).
 */
function unreachedAgents(registrations: readonly Registration[]): UnreachedAgent[] {
  const migrated = (agent: string): agent is NativeAgent =>
    (NATIVE_AGENTS as readonly string[]).includes(agent);
  return registrations.flatMap((r) => {
    const missing = r.personal.find(
      (p) => p.servers.includes(SERVER_NAMES.agent) && (p.status === "manual" || p.status === "failed"),
    );
    if (!missing || !migrated(r.agent)) return [];
    const why = missing.status === "failed" ? "setup could not register it" : "setup only printed its entry";
    return [{ agent: r.agent, reason: `${why}: ${missing.detail ?? missing.instructions}` }];
  });
}

/** `registrations` are what setup does (or planned) for each agent: the unreached ones keep their files. */
export async function offerMigration(
  ctx: ArchonContext,
  choice: MigrationChoice,
  io: WizardIo,
  registrations: readonly Registration[],
): Promise<MigrationOffer> {
  if (choice === "no") return { migration: null, lines: [] };
  const unreached = unreachedAgents(registrations);
  const plan = planMigration({ db: ctx.kdb.db, projectRoot: ctx.projectRoot }, { unreached });
  // Said whatever else happens: these files staying is why the agent still has its rules.
  const kept = plan.sources.flatMap((s) =>
    s.action === "keep" && s.agent !== undefined ? [`  ${s.path} left as it is: ${s.reason}`] : [],
  );
  const keptLines = kept.length > 0 ? ["Not migrated, so no agent loses its rules:", ...kept] : [];
  if (!hasWork(plan)) return { migration: null, lines: choice === "hint" ? [] : keptLines };
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
  const stranded = choice === "ask" ? [] : [...strandedAgents(migrationSummary(plan)), ...keptLines];
  return { migration, lines: [...describeResult(migration), ...stranded] };
}
