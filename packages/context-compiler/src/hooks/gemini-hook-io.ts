// Gemini CLI's side of the hooks: its names for the moments Claude Code's hooks are named after, read into
// Claude Code's names so each hook keeps one logic, and the JSON it takes back on stdout (plain text there
// reaches only the person, as a message, never the model). Reference: geminicli.com/docs/hooks/reference.

/** Gemini CLI's event → the Claude Code event that is the same moment. SessionStart is named alike. */
const AS_CLAUDE: Readonly<Record<string, string>> = {
  BeforeAgent: "UserPromptSubmit",
  AfterTool: "PostToolUse",
};
const AS_GEMINI: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(AS_CLAUDE).map(([gemini, claude]) => [claude, gemini]),
);

/**
 * In a headless run Gemini CLI puts the SessionStart hooks' context before the person's prompt, each part
 * in `<hook_context>` tags it escapes `<` and `>` inside of; BeforeAgent then sees that prompt. What the
 * person typed is what follows: it is what a reply is read from and what rules are matched against.
 */
const LEADING_HOOK_CONTEXT = /^(?:\s*<hook_context>[^<]*<\/hook_context>)+\s*/;

/** A Gemini CLI input in Claude Code's names; any other input is returned as it was. */
export function claudeShaped<T extends { hook_event_name?: string; prompt?: string }>(input: T): T {
  const event = input.hook_event_name;
  const claude = event === undefined ? undefined : AS_CLAUDE[event];
  if (claude === undefined) return input;
  const prompt = event === "BeforeAgent" ? input.prompt?.replace(LEADING_HOOK_CONTEXT, "") : input.prompt;
  return { ...input, hook_event_name: claude, ...(prompt === undefined ? {} : { prompt }) };
}

/**
 * What a hook prints for the client that ran it: Claude Code and Codex add plain stdout to the agent's
 * context; Gemini CLI parses stdout as one JSON object and adds its `hookSpecificOutput.additionalContext`
 * (on SessionStart, BeforeAgent and AfterTool, the events archon's hooks run on there). `event` is the
 * input's event in Claude Code's names (claudeShaped).
 */
export function hookAnswer(client: string | undefined, event: string | undefined, text: string): string {
  if (text === "") return "";
  if (client !== "gemini") return `${text}\n`;
  const hookEventName = event === undefined ? undefined : (AS_GEMINI[event] ?? event);
  const named = hookEventName === undefined ? {} : { hookEventName };
  return `${JSON.stringify({ hookSpecificOutput: { ...named, additionalContext: text } })}\n`;
}
