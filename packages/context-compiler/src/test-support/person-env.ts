// The environment of a person's own shell for spawned CLIs: the runner's, without any coding agent's marks.
import { AGENT_SHELL_VARIABLES } from "../cli/human-check.js";

/** process.env without the variables agents set (the suite may run inside one), plus `extra`. */
export function personEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const v of AGENT_SHELL_VARIABLES) delete env[v.name];
  return { ...env, ...extra };
}
