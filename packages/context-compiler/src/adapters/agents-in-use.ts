// Which coding agents a project already uses, read from the files each one keeps: the one detection that
// setup, deploy-adapters after init, and export-rules share, so none of them writes for an agent the others skip.
import { existsSync } from "node:fs";
import { join } from "node:path";

/** The agents setup connects to archon (an MCP entry, the managed block, hooks and skills where they exist). */
export const AGENT_CLIENTS = ["claude", "cursor", "codex", "gemini"] as const;
export type AgentClient = (typeof AGENT_CLIENTS)[number];

/** The files and folders that show an agent is in use, as a person reads them in a help text. */
const AGENT_SIGNS: Readonly<Record<AgentClient, readonly string[]>> = {
  claude: ["CLAUDE.md", ".claude/", ".mcp.json"],
  cursor: [".cursor/"],
  codex: ["AGENTS.md", ".codex/", ".agents/"],
  gemini: ["GEMINI.md", ".gemini/"],
};

const present = (root: string, sign: string) => existsSync(join(root, sign.replace(/\/$/, "")));

/** The agents whose files the project holds, in AGENT_CLIENTS order; empty when it shows none. */
export function agentsInUse(projectRoot: string): AgentClient[] {
  return AGENT_CLIENTS.filter((agent) => AGENT_SIGNS[agent].some((sign) => present(projectRoot, sign)));
}

/** Agents to set up when nobody named them: the ones in use, or Claude Code when the project shows none. */
export function defaultAgents(projectRoot: string): AgentClient[] {
  const found = agentsInUse(projectRoot);
  return found.length > 0 ? found : ["claude"];
}
