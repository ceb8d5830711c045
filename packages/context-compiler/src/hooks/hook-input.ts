// The JSON an agent client sends a hook on stdin (Claude Code's shape; Gemini CLI's is read into it), read
// leniently: a hook never fails because a field it does not need is missing or new.
import { z } from "zod";
import { claudeShaped } from "./gemini-hook-io.js";

const hookInputSchema = z
  .object({
    session_id: z.string().optional(),
    // Cursor's name for the session, in every hook's input.
    conversation_id: z.string().optional(),
    cwd: z.string().optional(),
    hook_event_name: z.string().optional(),
    prompt: z.string().optional(),
    source: z.string().optional(),
    // PostToolUse: the tool that ran, with what it was given and what it answered.
    tool_name: z.string().optional(),
    tool_input: z.unknown().optional(),
    tool_response: z.unknown().optional(),
  })
  .loose();

export type HookInput = z.infer<typeof hookInputSchema>;

/** Parses the hook's stdin; an empty or unreadable payload is an empty input, never an error. */
export function parseHookInput(text: string): HookInput {
  if (text.trim() === "") return {};
  try {
    const parsed = hookInputSchema.safeParse(JSON.parse(text));
    return parsed.success ? claudeShaped(parsed.data) : {};
  } catch {
    return {};
  }
}
