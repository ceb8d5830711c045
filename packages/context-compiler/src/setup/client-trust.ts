// Whether a client will load the project config setup wrote: Codex and Gemini CLI read a project's own
// config only in a folder the person trusted. Read from the person's own files, never written by archon.
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { parse } from "smol-toml";

const home = (env: NodeJS.ProcessEnv) => env.HOME ?? env.USERPROFILE ?? homedir();

const within = (folder: string, root: string) => {
  const rel = relative(resolve(folder), resolve(root));
  return rel === "" || (!/^\.\.(?:[\\/]|$)/.test(rel) && !isAbsolute(rel));
};

/** The parsed file, or undefined when it is absent or does not parse: then nothing is known to be trusted. */
function readConfig<T>(path: string, read: (text: string) => T): T | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return read(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Codex keeps trust per project folder in its global config, `[projects."<folder>"] trust_level = "trusted"`
 * (developers.openai.com/codex/config-basic: project .codex/ layers load "only when you trust the project").
 */
export function codexTrusts(projectRoot: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const path = join(env.CODEX_HOME ?? join(home(env), ".codex"), "config.toml");
  const projects = readConfig(path, parse)?.projects;
  if (typeof projects !== "object" || projects === null) return false;
  return Object.entries(projects as Record<string, unknown>).some(
    ([folder, settings]) =>
      resolve(folder) === resolve(projectRoot) &&
      (settings as { trust_level?: unknown } | null)?.trust_level === "trusted",
  );
}

/** The exact step that makes Codex load the project's .codex/config.toml. */
export const codexTrustStep = (projectRoot: string) =>
  `start codex in ${projectRoot} and answer yes when it asks to trust the folder, or add to ~/.codex/config.toml: [projects."${projectRoot.replace(/\\/g, "/")}"] trust_level = "trusted"`;

/**
 * Gemini CLI keeps the person's answers in ~/.gemini/trustedFolders.json, a folder mapped to TRUST_FOLDER,
 * TRUST_PARENT (its parent and everything under it) or DO_NOT_TRUST; an untrusted folder's
 * .gemini/settings.json is not loaded (geminicli.com/docs/cli/trusted-folders).
 */
export function geminiTrusts(projectRoot: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const path = join(home(env), ".gemini", "trustedFolders.json");
  const folders = readConfig(path, (text) => JSON.parse(text) as unknown);
  if (typeof folders !== "object" || folders === null) return false;
  return Object.entries(folders as Record<string, unknown>).some(
    ([folder, level]) =>
      (level === "TRUST_FOLDER" && within(folder, projectRoot)) ||
      (level === "TRUST_PARENT" && within(dirname(folder), projectRoot)),
  );
}

/** The exact step that makes Gemini CLI load the project's .gemini/settings.json. */
export const geminiTrustStep = (projectRoot: string) =>
  `start gemini in ${projectRoot} and choose "Trust folder" in its trust dialog (later: /permissions in a session)`;
