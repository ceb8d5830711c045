// Archon's own Claude Code subagents: flat sources in agents/, deployed as .claude/agents/<name>.md and owned
// through the managed-file marker, so a hand-written agent of the same name is never overwritten.
import { readFileSync } from "node:fs";
import { frontmatterBlock } from "../knowledge/imports/frontmatter-block.js";
import { packagePath } from "../package-files.js";
import { MANAGED_FILE_MARKER } from "../vocabulary/markers.js";
import type { AdapterConfig } from "./adapter-config.js";

/** The agents the PRD pipeline names by default (`archon-<role>`), team roles first, then the judges. */
export const SUBAGENT_NAMES = [
  "archon-engineer",
  "archon-test-engineer",
  "archon-code-reviewer",
  "archon-git-historian",
  "archon-security-auditor",
  "archon-dba",
  "archon-genius-liskov",
  "archon-genius-dijkstra",
  "archon-genius-fermi",
  "archon-genius-popper",
  "archon-genius-codd",
  "archon-genius-taleb",
] as const;
export type SubagentName = (typeof SUBAGENT_NAMES)[number];

export type SubagentSources = Readonly<Record<SubagentName, string>>;

let cached: SubagentSources | undefined;

/** Reads the shipped sources once per process. */
export function loadSubagentSources(): SubagentSources {
  cached ??= Object.fromEntries(
    SUBAGENT_NAMES.map((name) => [
      name,
      readFileSync(packagePath("agents", `${name}.md`), "utf8").replace(/\r\n/g, "\n"),
    ]),
  ) as unknown as SubagentSources;
  return cached;
}

/** Claude Code reads project subagents from .claude/agents/, one file per agent named after it. */
export const subagentPath = (name: SubagentName) => `.claude/agents/${name}.md`;

/**
 * The deployed agent file: the frontmatter first (Claude Code reads `name`, `description`, `tools`, `model`
 * there), then the marker, then the system prompt. `{{prefix}}` becomes the tool prefix.
 */
export function renderSubagent(source: string, config: AdapterConfig): string {
  const text = source.replaceAll("{{prefix}}", config.prefix);
  const block = frontmatterBlock(text);
  const body = (block?.body ?? text).replace(/^\n+/, "");
  return `${block?.head ?? ""}${MANAGED_FILE_MARKER}\n\n${body}`;
}
