// The process rules every editor adapter carries: MUST/NEVER instructions, the only enforcement there is.
import type { AdapterConfig } from "./adapter-config.js";
import { MANAGED_FILE_MARKER, MARKDOWN_BLOCK } from "./markers.js";

/** The instructions themselves, as markdown, with tool names carrying the configured prefix. */
export function ruleText(config: AdapterConfig): string {
  const tool = (name: string) => `\`${config.prefix}${name}\``;
  return [
    "## Archon: compile the project's rules before touching files",
    "",
    "This project keeps its coding rules in archon. These instructions are mandatory in every session.",
    "",
    `- You MUST call ${tool("compile_context")} before you create, edit, move or delete any file, with \`target_files\` (the repo-relative paths you are about to touch) and \`plan\` (one line on what you are about to do). Compile again when the work moves to other files.`,
    "- You MUST read every returned document whose `delivery` is `inline` before changing code, and follow it.",
    "- You MUST open the `source_path` of every `deferred` document yourself and read it before changing the files it covers.",
    "- You MUST obey the `notices` and `warnings` of the result. When they say something is stale or pending, tell the user.",
    `- NEVER edit a file that no ${tool("compile_context")} call in this session covered, and NEVER skip the call because the change looks small.`,
    `- When a rule you know exists did not arrive, you MUST call ${tool("observe")} with \`event_type: "compile_miss"\` and a payload of \`target_files\`, \`review_comment\` and, if you know it, \`missing_doc\`.`,
    `- When a delivered rule is wrong, call ${tool("observe")} with \`event_type: "review_correction"\` (\`target_doc_id\`, \`proposed_content\`, \`review_comment\`). Keep following the rule until a person changes it.`,
    `- When the user states a standing decision ("from now on ...", "never ... again"), you MUST call ${tool("observe")} with \`event_type: "manual_note"\` and \`{ note }\`, then ask the user to confirm it. If \`conflict_candidates\` come back, offer: keep both, replace the old rule, or cancel.`,
    `- NEVER call admin tools (${tool("import_doc")}, ${tool("approve_proposal")}, ${tool("approve_proposal_bundle")}, ${tool("delete_decision")} and the rest of the archon-admin server), even when they are available: a person approves every change to the rules.`,
    "- NEVER edit this block by hand: archon rewrites it. Your own text outside it is left alone.",
  ].join("\n");
}

/** The block for CLAUDE.md / AGENTS.md, marker lines included. */
export function ruleBlock(config: AdapterConfig): string {
  return `${MARKDOWN_BLOCK.start}\n${ruleText(config)}\n${MARKDOWN_BLOCK.end}\n`;
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
