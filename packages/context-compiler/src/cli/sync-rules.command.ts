// archon sync-rules [--hook] [--check-latest]: the command the installed hooks run. Every hook form is
// fail-open: an error goes to stderr and the exit code stays 0, so a session, commit or merge never stops.
// The work runs in a child process under a deadline, so a hang (a lock never released, a stuck file
// system) is fail-open too: a synchronous call blocks every timer of its own process, and a worker
// thread stuck in native code keeps its process from exiting.
import { spawn } from "node:child_process";
import { systemClock } from "@archon/core";
import { writeContext } from "../context/archon-context.js";
import { parseHookInput, readStdin } from "../hooks/hook-input.js";
import { rulesFileNotices } from "../hooks/rules-file-notices.js";
import { checkLatest, syncRulesPackages } from "../hooks/rules-packages.js";
import { runSyncRulesHook } from "../hooks/sync-rules-hook.js";
import { absorbCommittedRules } from "../knowledge/standing-rules/absorb-committed.js";
import { RULES_FILE } from "../knowledge/standing-rules/rules-file.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface SyncRulesFlags {
  hook?: boolean;
  checkLatest?: boolean;
  json?: boolean;
}

/** What one run prints on stdout (empty for nothing). `stdin` is the hook's event JSON. */
export async function syncRules(
  options: GlobalOptions,
  flags: SyncRulesFlags,
  stdin: string,
): Promise<string> {
  const ctx = openContext(options);
  try {
    if (flags.hook) {
      const text = runSyncRulesHook(
        { ...writeContext(ctx), ids: ctx.ids, clock: systemClock },
        parseHookInput(stdin),
      );
      return text === "" ? "" : `${text}\n`;
    }
    // The git hooks run this too, possibly from an agent's commit: only committed text is absorbed.
    const rules = absorbCommittedRules({ ...writeContext(ctx), ids: ctx.ids });
    const packages = syncRulesPackages(writeContext(ctx));
    const latest = flags.checkLatest ? await checkLatest(options.projectRoot) : [];
    if (flags.json) return `${JSON.stringify({ rules_file: rules, packages, latest }, null, 2)}\n`;
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
    return `${lines.join("\n")}\n`;
  } finally {
    ctx.close();
  }
}

/** Claude Code stops a hook after 60 s by default; archon gives up well before, and says so. */
const DEFAULT_DEADLINE_MS = 15_000;
export const HOOK_DEADLINE_ENV = "ARCHON_HOOK_DEADLINE_MS";

function deadlineMs(env: NodeJS.ProcessEnv): number {
  const n = Number(env[HOOK_DEADLINE_ENV]);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_DEADLINE_MS;
}

/** Set in the child that does the work, so it runs inline instead of spawning again. */
const CHILD_ENV = "ARCHON_SYNC_RULES_CHILD";

/** `options` is resolved inside the guard: even a bad --project-root must not fail a hook. */
async function syncInline(options: () => GlobalOptions, flags: SyncRulesFlags): Promise<void> {
  try {
    process.stdout.write(await syncRules(options(), flags, flags.hook ? await readStdin() : ""));
  } catch (error) {
    process.stderr.write(`archon sync-rules: ${(error as Error).message}\n`);
  }
}

/** The same command again in a child process, given up (and killed) after the deadline; exits 0 either way. */
async function syncUnderDeadline(flags: SyncRulesFlags): Promise<void> {
  const ms = deadlineMs(process.env);
  const stdin = flags.hook ? await readStdin() : "";
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [CHILD_ENV]: "1" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (b: Buffer) => out.push(b));
  child.stderr.on("data", (b: Buffer) => err.push(b));
  child.stdin.on("error", () => {});
  child.stdin.end(stdin);
  const late = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    child.once("close", () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.once("error", () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (late) child.kill("SIGKILL"); // its open transaction, if any, rolls back
  process.stdout.write(Buffer.concat(out));
  process.stderr.write(Buffer.concat(err));
  if (late)
    process.stderr.write(
      `archon sync-rules: gave up after ${ms} ms; the session, commit or merge goes on without it.\n`,
    );
}

export async function syncRulesCommand(options: () => GlobalOptions, flags: SyncRulesFlags): Promise<void> {
  if (process.env[CHILD_ENV] === "1") return syncInline(options, flags);
  try {
    await syncUnderDeadline(flags);
  } catch (error) {
    process.stderr.write(`archon sync-rules: ${(error as Error).message}\n`);
  }
}
