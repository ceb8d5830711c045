// The built `archon` command run as a person would run it in `cwd` (npm run build first).
import { spawnSync } from "node:child_process";
import { personEnv } from "./person-env.js";
import { ARCHON_BIN } from "./stdio-client.js";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `launcher` runs the command under another one, e.g. OBEY_MODES from file-modes.ts. */
export function runCli(cwd: string, args: readonly string[], launcher: readonly string[] = []): CliRun {
  const [command, ...launcherArgs] = [...launcher, process.execPath];
  // The timeout turns a command that never returns into a failed test rather than a stalled run.
  const r = spawnSync(command as string, [...launcherArgs, ARCHON_BIN, ...args], {
    encoding: "utf8",
    cwd,
    env: personEnv(),
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
