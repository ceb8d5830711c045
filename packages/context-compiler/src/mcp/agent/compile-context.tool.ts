// compile_context: the rules wired to the files the agent is about to touch.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../context.js";

export const compileContextTool = defineTool({
  name: "compile_context",
  title: "Compile context for target files",
  description:
    "Call before touching files. Returns exactly the approved rules wired to target_files (by path glob, layer, command and dependency), ordered and fitted to an inline byte budget: read `inline` content now, open `deferred` documents' source_path yourself, and obey notices. Same request + same knowledge_version = same result.",
  input: {
    target_files: z.array(z.string().min(1)).min(1).describe("Repo-relative paths about to be touched"),
    target_layers: z
      .array(z.string().min(1))
      .optional()
      .describe("Use these layers instead of classifying files"),
    command: z
      .string()
      .min(1)
      .optional()
      .describe('Feeds command_requires; "scaffold" also unlocks templates'),
    plan: z.string().optional().describe("One line on what you are about to do; enables relevance scoring"),
    min_relevance: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe("Drop documents below this relevance (needs plan)"),
    intent_tags: z
      .array(z.string().min(1))
      .optional()
      .describe("Cross-cutting tags for the additive `expanded` section; [] opts out"),
    max_inline_bytes: z
      .number()
      .int()
      .positive()
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
    agent_id: z.string().optional().describe("Recorded in the audit log"),
  },
  annotations: { ...readOnly, idempotentHint: false },
  run: (args, ctx: ArchonContext) => ctx.compiler.compile(args),
});
