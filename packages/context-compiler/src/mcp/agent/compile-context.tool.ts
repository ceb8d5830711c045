// compile_context: the rules wired to the files the agent is about to touch.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { AUTO_INLINE_LIMIT } from "../../read/allocate-budget.js";
import type { CompileResponse } from "../../services/compile-service.js";
import { renderCompileText, STRUCTURED_POINTER } from "../../services/compile-text.js";
import { LIMITS, list, text } from "../input-limits.js";
import { compileResultSchema } from "../result-schemas/compile-result.js";

export const compileContextTool = defineTool({
  name: "compile_context",
  title: "Rules for target files",
  description:
    "Call before touching files: the approved rules for target_files (and any whose description the plan matches), within an inline byte budget. Follow inline rules, read each deferred one where it says, obey warnings and notices.",
  input: {
    target_files: list(text(LIMITS.path).min(1), LIMITS.files)
      .min(1)
      .describe("Repo-relative paths you will touch"),
    target_layers: list(text(LIMITS.id).min(1), LIMITS.layers)
      .optional()
      .describe("Layers to use instead of classifying the files"),
    command: text(LIMITS.id)
      .min(1)
      .optional()
      .describe('Feeds command_requires; "scaffold" also sends templates'),
    plan: text(LIMITS.plan).optional().describe("One line on what you will do; orders rules by relevance"),
    min_relevance: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe("Drop rules below this relevance (needs plan)"),
    intent_tags: list(text(LIMITS.tag).min(1), LIMITS.tags)
      .optional()
      .describe("Tags for the extra `expanded` section; [] opts out"),
    max_inline_bytes: z
      .number()
      .int()
      .positive()
      .max(LIMITS.inlineBytes)
      .optional()
      .describe("Inline budget (default 8192)"),
    content_mode: z
      .enum(["auto", "always", "metadata"])
      .optional()
      .describe(
        `auto (default): inline rules up to ${AUTO_INLINE_LIMIT} bytes; always: any size; metadata: none`,
      ),
    include_debug: z
      .boolean()
      .optional()
      .describe("Add debug_info (near misses, layers, budget drops, edge ids)"),
    agent_id: text(LIMITS.id).optional().describe("Recorded in the audit log"),
    suggestions: z.boolean().optional().describe("Add up to 3 related rules the files did not reach"),
    response_format: z
      .enum(["text", "json"])
      .optional()
      .describe("text: compact rules; json: the result as JSON"),
  },
  output: compileResultSchema,
  annotations: { ...readOnly, idempotentHint: false },
  // Suggestions search every approved document (or wait for an embedding): only when asked for, so the
  // compile an agent makes before every edit stays a lookup.
  run: ({ response_format: _format, suggestions, ...request }, ctx: ArchonContext) =>
    suggestions ? ctx.compiler.compileWithSuggestions(request) : ctx.compiler.compile(request),
  // Each rule's text crosses the pipe once: in structuredContent for a client whose model reads only that
  // (docs/benchmarks.md, "Each rule sent once"), else in the compact text as well.
  text: (result, args, reader) => {
    const response = result as CompileResponse;
    if (args.response_format === "json") return JSON.stringify(response);
    if (args.response_format === undefined && reader.structuredOnly) return STRUCTURED_POINTER;
    return renderCompileText(response, args);
  },
});
