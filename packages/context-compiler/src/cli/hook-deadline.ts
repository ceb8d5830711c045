// Every hook form is fail-open: an error goes to stderr and the exit code stays 0, so a session, commit or
// merge never stops. The work runs in a child process under a deadline, so a hang (a lock never released, a
// stuck file system) is fail-open too: a synchronous call blocks every timer of its own process, and a
// worker thread stuck in native code keeps its process from exiting.
import { spawn } from "node:child_process";
import { readStdin } from "../hooks/stdin.js";

/** Claude Code stops a hook after 60 s by default; archon gives up well before, and says so. */
const DEFAULT_DEADLINE_MS = 15_000;
export const HOOK_DEADLINE_ENV = "ARCHON_HOOK_DEADLINE_MS";

export function deadlineMs(env: NodeJS.ProcessEnv): number {
  const n = Number(env[HOOK_DEADLINE_ENV]);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_DEADLINE_MS;
}

/** Set in the child that does the work (to the command's name), so it runs inline instead of spawning again. */
const CHILD_ENV = "ARCHON_HOOK_CHILD";

/**
 * Runs `work` (given the hook's stdin when `readsInput`) for `command` in a child process of this same
 * invocation, killed when late; its output is passed on, its failure reported on stderr, and this
 * process exits 0 either way.
 */
export async function failOpenUnderDeadline(
  command: string,
  readsInput: boolean,
  work: (stdin: string) => Promise<string>,
): Promise<void> {
  if (await deadlineParent(command, readsInput)) return;
  try {
    process.stdout.write(await work(readsInput ? await readStdin() : ""));
  } catch (error) {
    process.stderr.write(`archon ${command}: ${(error as Error).message}\n`);
  }
}

/**
 * In the process a hook started (not yet its child), runs the command again as a child under the
 * deadline and returns true, without loading the command's own modules: the caller then stops. In the
 * child it returns false and the caller goes on to the work.
 */
export async function deadlineParent(command: string, readsInput: boolean): Promise<boolean> {
  if (process.env[CHILD_ENV] === command) return false;
  try {
    await spawnUnderDeadline(command, readsInput ? await readStdin() : "");
  } catch (error) {
    process.stderr.write(`archon ${command}: ${(error as Error).message}\n`);
  }
  return true;
}

async function spawnUnderDeadline(command: string, stdin: string): Promise<void> {
  const ms = deadlineMs(process.env);
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [CHILD_ENV]: command },
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
      `archon ${command}: gave up after ${ms} ms; the session, commit or merge goes on without it.\n`,
    );
}
