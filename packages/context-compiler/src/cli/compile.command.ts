// archon compile <files...>: the compile_context result, for a person or as JSON.
import type { ContentMode } from "../read/allocate-budget.js";
import { formatCompile } from "./format-compile.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface CompileFlags {
  command?: string;
  plan?: string;
  maxInlineBytes?: number;
  contentMode?: ContentMode;
  debug?: boolean;
  json?: boolean;
}

export async function compileCommand(
  options: GlobalOptions,
  files: string[],
  flags: CompileFlags,
): Promise<void> {
  const ctx = openContext(options);
  try {
    // With the additive suggestions section, as compile_context answers; a CLI run never starts Ollama.
    const result = await ctx.compiler.compileWithSuggestions({
      target_files: files,
      command: flags.command,
      plan: flags.plan,
      max_inline_bytes: flags.maxInlineBytes,
      content_mode: flags.contentMode,
      include_debug: flags.debug,
      agent_id: "archon-cli",
    });
    process.stdout.write(flags.json ? `${JSON.stringify(result, null, 2)}\n` : formatCompile(result));
  } finally {
    ctx.close();
  }
}
