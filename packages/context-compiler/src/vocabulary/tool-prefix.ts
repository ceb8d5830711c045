// The one place tool names get their prefix: `archon_` unless ARCHON_TOOL_PREFIX says otherwise.

export const DEFAULT_TOOL_PREFIX = "archon_";

export function toolPrefix(env: NodeJS.ProcessEnv = process.env): string {
  return env.ARCHON_TOOL_PREFIX ?? DEFAULT_TOOL_PREFIX;
}
