// The one place archon-prd's tool names get their prefix: `prd_` unless ARCHON_PRD_TOOL_PREFIX says otherwise.

export const DEFAULT_TOOL_PREFIX = "prd_";

/** Written before a tool name in descriptions and SKILL.md; replaced by the registered prefix when served. */
export const PREFIX_MARK = "{{prefix}}";

export function toolPrefix(env: NodeJS.ProcessEnv = process.env): string {
  return env.ARCHON_PRD_TOOL_PREFIX ?? DEFAULT_TOOL_PREFIX;
}

/** Prose that names tools, with each name carrying the prefix the tools are registered with. */
export function withToolPrefix(text: string, prefix: string): string {
  return text.replaceAll(PREFIX_MARK, prefix);
}
