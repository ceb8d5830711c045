// archon sync-rules [--hook [--client gemini]] [--check-latest] [--quiet]: the command the installed hooks
// run, fail-open under a deadline (hook-deadline.ts). The git hooks run it quiet: a commit that changes no
// rule prints nothing.
import { systemClock } from "@archon/core";
import { writeContext } from "../context/archon-context.js";
import { hookAnswer } from "../hooks/gemini-hook-io.js";
import { parseHookInput } from "../hooks/hook-input.js";
import { rulesFileNotices } from "../hooks/rules-file-notices.js";
import { checkLatest, syncRulesPackages } from "../hooks/rules-packages.js";
import { runSyncRulesHook } from "../hooks/sync-rules-hook.js";
import { absorbCommittedRules } from "../knowledge/standing-rules/absorb-committed.js";
import { RULES_FILE } from "../knowledge/standing-rules/rules-file.js";
import { injectOnReplica, replicaServer, syncForHook } from "../team/hooks.js";
import { deadlineMs, failOpenUnderDeadline } from "./hook-deadline.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface SyncRulesFlags {
  hook?: boolean;
  /** The agent client running the hook: `gemini` is answered in the JSON Gemini CLI reads. */
  client?: string;
  checkLatest?: boolean;
  json?: boolean;
  /** Only what changed or needs a person: no line for a rules file or package that is as it was. */
  quiet?: boolean;
}

/** What one run prints on stdout (empty for nothing). `stdin` is the hook's event JSON. */
export async function syncRules(
  options: GlobalOptions,
  flags: SyncRulesFlags,
  stdin: string,
): Promise<string> {
  const ctx = openContext(options);
  try {
    const server = replicaServer(ctx.kdb.db);
    if (server !== undefined) return await onReplica(ctx, server, flags, stdin);
    if (flags.hook) {
      const input = parseHookInput(stdin);
      const text = runSyncRulesHook({ ...writeContext(ctx), ids: ctx.ids, clock: systemClock }, input);
      return hookAnswer(flags.client, input.hook_event_name, text);
    }
    // The git hooks run this too, possibly from an agent's commit: only committed text is absorbed.
    const rules = absorbCommittedRules({ ...writeContext(ctx), ids: ctx.ids });
    const packages = syncRulesPackages(writeContext(ctx));
    const latest = flags.checkLatest ? await checkLatest(options.projectRoot) : [];
    if (flags.json) return `${JSON.stringify({ rules_file: rules, packages, latest }, null, 2)}\n`;
    const notices = rulesFileNotices(rules, true);
    const lines = notices.length > 0 || flags.quiet ? notices : [`${RULES_FILE}: nothing new committed.`];
    for (const p of packages) {
      if (flags.quiet && !("skipped" in p.result) && !p.result.changed) continue;
      lines.push(
        "skipped" in p.result
          ? `${p.package}: skipped, ${p.result.skipped}.`
          : `${p.package}${p.version ? `@${p.version}` : ""}: ${p.result.changed ? `synced (knowledge_version ${p.result.knowledge_version})` : "up to date"}.`,
      );
    }
    for (const c of latest) {
      if (c.error) lines.push(`${c.package}: could not check for a newer version (${c.error}).`);
      else if (c.newer)
        lines.push(
          `${c.package}: ${c.latest} is available (installed ${c.installed}); run npm install ${c.package}@latest.`,
        );
    }
    return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
  } finally {
    ctx.close();
  }
}

/**
 * A replica takes rules from its server, so nothing is absorbed here (its canonical writes are refused);
 * SessionStart syncs instead, leaving a moment of the hook's deadline to print what happened, and a
 * prompt gets the server's standing rules it is about.
 */
async function onReplica(
  ctx: ReturnType<typeof openContext>,
  server: string,
  flags: SyncRulesFlags,
  stdin: string,
): Promise<string> {
  if (flags.hook) {
    const input = parseHookInput(stdin);
    if (input.hook_event_name !== "SessionStart") {
      const text = injectOnReplica({ db: ctx.kdb.db, clock: systemClock }, input);
      return hookAnswer(flags.client, input.hook_event_name, text);
    }
    const budget = Math.max(1_000, deadlineMs(process.env) - 2_000);
    const text = await syncForHook(
      { db: ctx.kdb.db, clock: systemClock, ids: ctx.ids, projectRoot: ctx.projectRoot },
      process.env,
      budget,
    );
    return hookAnswer(flags.client, input.hook_event_name, text);
  }
  if (flags.json) return `${JSON.stringify({ replica_of: server }, null, 2)}\n`;
  return `This database is a replica of ${server}: ${RULES_FILE} and rules packages are absorbed there; run \`archon sync\` to bring their rules here.\n`;
}

/** `options` is resolved inside the guard: even a bad --project-root must not fail a hook. */
export async function syncRulesCommand(options: () => GlobalOptions, flags: SyncRulesFlags): Promise<void> {
  await failOpenUnderDeadline("sync-rules", flags.hook === true, (stdin) =>
    syncRules(options(), flags, stdin),
  );
}
