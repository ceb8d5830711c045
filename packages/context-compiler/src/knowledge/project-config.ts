// .archon/config.json: the team's committed settings (rules packages, the ref rule files come from).
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { ARCHON_DIR } from "../vocabulary/project-files.js";
import { readProjectFile } from "./project-path.js";

export const CONFIG_FILE = join(ARCHON_DIR, "config.json");

/** The file's settings ({} when there is none); read through the project's path guard, never followed out. */
export function readProjectConfig(projectRoot: string): Record<string, unknown> {
  if (lstatSync(join(projectRoot, CONFIG_FILE), { throwIfNoEntry: false }) === undefined) return {};
  const text = readProjectFile(projectRoot, CONFIG_FILE, "config").text;
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new UserError(`${CONFIG_FILE} is not valid JSON (${(error as Error).message}).`);
  }
  if (typeof config !== "object" || config === null || Array.isArray(config))
    throw new UserError(`${CONFIG_FILE} must hold one JSON object.`);
  return config as Record<string, unknown>;
}

/**
 * The ref whose commits the rule files are absorbed from: HEAD by default, so a pull or a checkout is
 * picked up; a team that reviews rule changes on its default branch sets `"absorbRulesFrom": "origin/main"`.
 */
export function absorbRulesFrom(projectRoot: string): string {
  const value = readProjectConfig(projectRoot).absorbRulesFrom ?? "HEAD";
  if (typeof value !== "string" || !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(value) || value.includes(".."))
    throw new UserError(
      `${CONFIG_FILE}: absorbRulesFrom must be a ref name such as "HEAD" or "origin/main".`,
    );
  return value;
}
