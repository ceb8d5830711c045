// The process rules every editor adapter carries: MUST/NEVER instructions, the only enforcement there is.

import { MANAGED_FILE_MARKER, MARKDOWN_BLOCK } from "../vocabulary/markers.js";
import type { AdapterConfig } from "./adapter-config.js";

/** The instructions themselves, as markdown, with tool names carrying the configured prefix; kept under 1 KB. */
export function ruleText(config: AdapterConfig): string {
  const tool = (name: string) => `\`${config.prefix}${name}\``;
  return [
    "## Archon: compile the project's rules before touching files",
    "",
    `- You MUST call ${tool("compile_context")} with \`target_files\` and a one-line \`plan\` before you create, edit, move or delete any file; again when the work moves. NEVER skip it for a small change.`,
    "- MUST follow every inline rule; MUST read each deferred rule where the result says (only the lines named) before changing what it covers; one marked not about your plan only if your change concerns it.",
    "- MUST obey the result's `notices` and `warnings`; tell the user what is stale or pending.",
    `- A rule you expected did not arrive: MUST call ${tool("observe")} with \`event_type: "compile_miss"\`.`,
    `- The user states a standing decision ("from now on ..."): MUST call ${tool("observe")} with \`event_type: "manual_note"\` and \`{ note }\`, then ask them to confirm it.`,
    "- NEVER call admin tools, even when available: a person approves every rule change.",
    "- NEVER edit this block; archon rewrites it.",
  ].join("\n");
}

/** The block for CLAUDE.md / AGENTS.md, marker lines included. */
export function ruleBlock(config: AdapterConfig): string {
  return `${MARKDOWN_BLOCK.start}\n${ruleText(config)}\n${MARKDOWN_BLOCK.end}\n`;
}

/**
 * The one-line block for a nested CLAUDE.md / AGENTS.md / GEMINI.md: agents read the root file (which holds
 * the whole block) first, so a nested file only says where this folder's rules come from.
 */
export function nestedRuleBlock(config: AdapterConfig): string {
  return `${MARKDOWN_BLOCK.start}\nThis folder's rules come from archon: call \`${config.prefix}compile_context\` with the files you touch.\n${MARKDOWN_BLOCK.end}\n`;
}

/** `.cursor/rules/archon-process.mdc`: wholly archon's, applied to every request. */
export function cursorProcessRule(config: AdapterConfig): string {
  return [
    "---",
    "description: Archon process rules - compile context before touching files, report misses and decisions",
    "alwaysApply: true",
    "---",
    MANAGED_FILE_MARKER,
    "",
    ruleText(config),
    "",
  ].join("\n");
}
