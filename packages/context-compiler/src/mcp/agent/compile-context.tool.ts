// compile_context: the rules wired to the files the agent is about to touch.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import type { CompileResponse } from "../../services/compile-service.js";
import { renderCompileText } from "../../services/compile-text.js";
import { LIMITS, list, text } from "../input-limits.js";
import { compileResultSchema } from "../result-schemas/compile-result.js";

export const compileContextTool = defineTool({
  name: "compile_context",
  title: "Compile context for target files",
  description:
    "Call before touching files. Returns exactly the approved rules wired to target_files (by path glob, layer, command and dependency, plus rules whose description the plan matches), ordered and fitted to an inline byte budget: follow the inline rules, read each deferred rule where it says (only the sections you need), and obey warnings and notices. Same request + same knowledge = same result.",
  input: {
    target_files: list(text(LIMITS.path).min(1), LIMITS.files)
      .min(1)
      .describe("Repo-relative paths about to be touched"),
    target_layers: list(text(LIMITS.id).min(1), LIMITS.layers)
      .optional()
      .describe("Use these layers instead of classifying files"),
    command: text(LIMITS.id)
      .min(1)
      .optional()
      .describe('Feeds command_requires; "scaffold" also unlocks templates'),
    plan: text(LIMITS.plan)
      .optional()
      .describe("One line on what you are about to do; enables relevance scoring"),
    min_relevance: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe("Drop documents below this relevance (needs plan)"),
    intent_tags: list(text(LIMITS.tag).min(1), LIMITS.tags)
      .optional()
      .describe("Cross-cutting tags for the additive `expanded` section; [] opts out"),
    max_inline_bytes: z
      .number()
      .int()
      .positive()
      .max(LIMITS.inlineBytes)
      .optional()
      .describe("Inline budget in bytes (default 8192)"),
    content_mode: z
      .enum(["auto", "always", "metadata"])
      .optional()
      .describe("Delivery policy (default auto)"),
    include_debug: z
      .boolean()
      .optional()
      .describe("Add debug_info: near-miss edges, layer classification, budget drops"),
    agent_id: text(LIMITS.id).optional().describe("Recorded in the audit log"),
    suggestions: z
      .boolean()
      .optional()
      .describe(
        "Add up to 3 documents about the plan's topic that the resolution did not deliver (embeddings when stored, else full-text); never changes base or the budget, costs a search per call, so off by default",
      ),
    response_format: z
      .enum(["text", "json"])
      .optional()
      .describe("text (default): compact rules for reading; json: the whole result as JSON text"),
  },
  output: compileResultSchema,
  annotations: { ...readOnly, idempotentHint: false },
  // Suggestions search every approved document (or wait for an embedding): only when asked for, so the
  // compile an agent makes before every edit stays a lookup.
  run: ({ response_format: _format, suggestions, ...request }, ctx: ArchonContext) =>
    suggestions ? ctx.compiler.compileWithSuggestions(request) : ctx.compiler.compile(request),
  text: (result, args) =>
    args.response_format === "json" ? undefined : renderCompileText(result as CompileResponse, args),
});
