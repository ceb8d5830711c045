// archon sync-rules [--hook] [--check-latest]: the command the installed hooks run. Every hook form is
// fail-open: an error goes to stderr and the exit code stays 0, so a session, commit or merge never stops.
import { systemClock } from "@archon/core";
import { parseHookInput, readStdin } from "../hooks/hook-input.js";
import { rulesFileNotices } from "../hooks/rules-file-notices.js";
import { checkLatest, syncRulesPackages } from "../hooks/rules-packages.js";
import { runSyncRulesHook } from "../hooks/sync-rules-hook.js";
import { absorbCommittedRules } from "../knowledge/standing-rules/absorb-committed.js";
import { RULES_FILE } from "../knowledge/standing-rules/rules-file.js";
import { writeContext } from "../mcp/context.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface SyncRulesFlags {
  hook?: boolean;
  checkLatest?: boolean;
  json?: boolean;
}

async function sync(options: GlobalOptions, flags: SyncRulesFlags): Promise<void> {
  const ctx = openContext(options);
  try {
    if (flags.hook) {
      const input = parseHookInput(await readStdin());
      const text = runSyncRulesHook({ ...writeContext(ctx), ids: ctx.ids, clock: systemClock }, input);
      if (text !== "") process.stdout.write(`${text}\n`);
      return;
    }
    // The git hooks run this too, possibly from an agent's commit: only committed text is absorbed.
    const rules = absorbCommittedRules({ ...writeContext(ctx), ids: ctx.ids });
    const packages = syncRulesPackages(writeContext(ctx));
    const latest = flags.checkLatest ? await checkLatest(options.projectRoot) : [];
    if (flags.json) {
      process.stdout.write(`${JSON.stringify({ rules_file: rules, packages, latest }, null, 2)}\n`);
      return;
    }
    const notices = rulesFileNotices(rules, true);
    const lines = notices.length > 0 ? notices : [`${RULES_FILE}: nothing new committed.`];
    for (const p of packages) {
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
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    ctx.close();
  }
}

/** `options` is resolved inside the guard: even a bad --project-root must not fail a hook. */
export async function syncRulesCommand(options: () => GlobalOptions, flags: SyncRulesFlags): Promise<void> {
  try {
    await sync(options(), flags);
  } catch (error) {
    process.stderr.write(`archon sync-rules: ${(error as Error).message}\n`);
  }
}
