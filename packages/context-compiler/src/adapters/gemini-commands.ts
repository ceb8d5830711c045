// Gemini CLI's custom commands, .gemini/commands/archon/*.toml (`/archon:context`, `/archon:verify`): the two
// moments of archon's process a person may want to call for by name. Claude Code gets no slash commands
// from archon, and the skills Gemini CLI gets as well (.gemini/skills/) cover setup, import and triage.
import type { AdapterConfig } from "./adapter-config.js";

/** A command file archon owns carries this line; one without it is the person's and never overwritten. */
export const MANAGED_COMMAND_MARKER = "# archon:managed-command";

export interface GeminiCommand {
  /** The file under .gemini/commands/, which names the command (`archon/context.toml` → /archon:context). */
  path: string;
  content: string;
}

/**
 * A TOML command file. Its texts are written by archon with no backslash or triple quote, so TOML's
 * multi-line basic string holds them as they are; `{{args}}` is what the person typed after the command.
 */
function commandFile(description: string, prompt: string[]): string {
  return [
    MANAGED_COMMAND_MARKER,
    `description = ${JSON.stringify(description)}`,
    'prompt = """',
    ...prompt,
    '"""',
    "",
  ].join("\n");
}

export function renderGeminiCommands(config: AdapterConfig): GeminiCommand[] {
  const tool = (name: string) => `\`${config.prefix}${name}\``;
  return [
    {
      path: ".gemini/commands/archon/context.toml",
      content: commandFile("Compile archon's rules for the files you are about to change", [
        `Before you change anything, call ${tool("compile_context")} with \`target_files\` set to the files named below (none named: the files this task will change) and a one-line \`plan\`.`,
        "Follow every inline rule in the answer, read each deferred rule where it says before changing what it covers, and obey its notices and warnings.",
        "Then list the rules that apply, one line each, and go on with the task.",
        "",
        "Files: {{args}}",
      ]),
    },
    {
      path: ".gemini/commands/archon/verify.toml",
      content: commandFile("Check the finished change against archon's verifiable rules", [
        `Call ${tool("verify_done")} with \`changed_files\` set to the files this task changed (repository-relative paths).`,
        "Report the verdict. For each violation, name the file, the rule and the evidence, and fix it; then run the affected tests the answer lists first, and call it again until it passes.",
      ]),
    },
  ];
}
