// Where a replica's bearer token lives: ARCHON_TEAM_TOKEN when set, else a 0600 file in the user's
// config folder, keyed by server URL. Never under .archon/ (the project, maybe committed) and never printed.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { UserError } from "@archon/core";

export const TOKEN_ENV = "ARCHON_TEAM_TOKEN";

export function tokenFile(env: NodeJS.ProcessEnv): string {
  const base =
    env.XDG_CONFIG_HOME ||
    (process.platform === "win32" && env.APPDATA ? env.APPDATA : join(homedir(), ".config"));
  return join(base, "archon", "team-tokens.json");
}

function readTokens(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
  } catch {
    throw new UserError(
      `${path} is not the JSON archon writes there.`,
      "Fix or delete it, then pass the token again with --token.",
    );
  }
}

/** The token for `server`: the environment's first, then the file's. */
export function findToken(server: string, env: NodeJS.ProcessEnv): string | undefined {
  const fromEnv = env[TOKEN_ENV]?.trim();
  if (fromEnv) return fromEnv;
  return readTokens(tokenFile(env))[server];
}

/** Keeps `token` for `server`, readable by this user alone; other servers' tokens stay. */
export function saveToken(server: string, token: string, env: NodeJS.ProcessEnv): string {
  const path = tokenFile(env);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tokens = { ...readTokens(path), [server]: token };
  const next = `${path}.${process.pid}.tmp`;
  writeFileSync(next, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600 });
  chmodSync(next, 0o600);
  renameSync(next, path);
  return path;
}
