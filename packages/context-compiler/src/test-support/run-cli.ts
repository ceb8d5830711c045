// The built `archon` command run as a person would run it in `cwd` (npm run build first).
import { spawnSync } from "node:child_process";
import { personEnv } from "./person-env.js";
import { ARCHON_BIN } from "./stdio-client.js";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(cwd: string, args: readonly string[]): CliRun {
  const r = spawnSync(process.execPath, [ARCHON_BIN, ...args], { encoding: "utf8", cwd, env: personEnv() });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
