// The bundled Agent Skills: flat sources in skills/, deployed as <client folder>/skills/<name>/SKILL.md.
import { readFileSync } from "node:fs";
import { frontmatterBlock } from "../knowledge/imports/frontmatter-block.js";
import { packagePath } from "../package-files.js";
import { MANAGED_SKILL_MARKER } from "../vocabulary/markers.js";
import type { AdapterConfig } from "./adapter-config.js";

export const SKILL_NAMES = ["archon-setup", "archon-bulk-import", "archon-triage"] as const;
export type SkillName = (typeof SKILL_NAMES)[number];

/** Source text by skill name. */
export type SkillSources = Readonly<Record<SkillName, string>>;

let cached: SkillSources | undefined;

/** Reads the shipped sources once per process; compile-time staleness checks call this on every compile. */
export function loadSkillSources(): SkillSources {
  cached ??= Object.fromEntries(
    SKILL_NAMES.map((name) => [
      name,
      readFileSync(packagePath("skills", `${name}.md`), "utf8").replace(/\r\n/g, "\n"),
    ]),
  ) as unknown as SkillSources;
  return cached;
}

/** Where a skill lands under a client's folder (`.claude`, `.cursor`, `.agents`). */
export const skillPath = (clientDir: string, name: SkillName) => `${clientDir}/skills/${name}/SKILL.md`;

/**
 * The deployed SKILL.md: `{{prefix}}` becomes the tool prefix, links between the flat sources
 * (`archon-triage.md`) point at the deployed siblings, and the marker follows the frontmatter so the
 * file still starts with `---` as Agent Skills require.
 */
export function renderSkill(source: string, config: AdapterConfig): string {
  let text = source.replaceAll("{{prefix}}", config.prefix);
  for (const other of SKILL_NAMES)
    text = text.replace(new RegExp(`\\]\\(${other}\\.md(#[^)]*)?\\)`, "g"), `](../${other}/SKILL.md$1)`);
  const block = frontmatterBlock(text);
  const body = (block?.body ?? text).replace(/^\n+/, "");
  return `${block?.head ?? ""}${MANAGED_SKILL_MARKER}\n\n${body}`;
}
