// The process rules every editor adapter carries: MUST/NEVER instructions, the only enforcement there is.

import { RULE_FILES_DIR } from "../knowledge/rule-files/rule-file-text.js";
import { MANAGED_FILE_MARKER, MARKDOWN_BLOCK } from "../vocabulary/markers.js";
import type { AdapterConfig } from "./adapter-config.js";

/** Where each rule is a committed file: what an agent without archon's tools reads instead. */
const RULE_FILES = `${RULE_FILES_DIR}/`;

/** The instructions themselves, as markdown, with tool names carrying the configured prefix; kept under 1 KB. */
export function ruleText(config: AdapterConfig): string {
  const tool = (name: string) => `\`${config.prefix}${name}\``;
  return [
    "## Archon: compile the rules before any change",
    "",
    `- You MUST call ${tool("compile_context")} with \`target_files\` and a one-line \`plan\` before you change, move or delete a file; again when the work moves. NEVER skip it for a small change.`,
    "- MUST follow every inline rule; MUST read each deferred rule where the result says (only the lines named) before changing what it covers; one marked not about your plan only if your change concerns it.",
    "- MUST obey the result's `notices` and `warnings`; tell the user what is stale or pending.",
    `- An expected rule is missing: MUST call ${tool("observe")} with \`event_type: "compile_miss"\`.`,
    `- The user states a standing decision ("from now on ..."): MUST call ${tool("observe")} with \`event_type: "manual_note"\`, then ask them to confirm it.`,
    // Registration can fail or be left to the person; the rules must still reach the agent then.
    `- Without archon's tools: MUST follow the files in \`${RULE_FILES}\` that cover your files.`,
    "- NEVER call admin tools: a person approves every rule change.",
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
  return `${MARKDOWN_BLOCK.start}\nThis folder's rules come from archon: call \`${config.prefix}compile_context\` with the files you touch (without it, read the files in \`${RULE_FILES}\` that concern them).\n${MARKDOWN_BLOCK.end}\n`;
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
