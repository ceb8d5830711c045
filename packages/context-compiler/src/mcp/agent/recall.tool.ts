// recall: episodic memory on demand (past runs, their compiles, session notes), as ranked pointers.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { RECENT_RUNS, recall } from "../../memory/recall.js";
import { toRepoPath } from "../../read/glob.js";
import { LIMITS, list, text } from "../input-limits.js";
import { recallResultSchema } from "../result-schemas/recall-result.js";

export const recallTool = defineTool({
  name: "recall",
  title: "Recall past runs and notes",
  description: (t) =>
    `Didn't we try this before? Ranked pointers to past runs, compiles and session notes; follow a compile id with ${t("get_compile_audit")}.`,
  input: {
    files: list(text(LIMITS.path).min(1), LIMITS.files)
      .optional()
      .describe("Only hits on or near these paths"),
    run_id: text(LIMITS.id).min(1).optional().describe("One run (ids from an earlier recall)"),
    recent_runs: z
      .number()
      .int()
      .min(1)
      .max(RECENT_RUNS.max)
      .optional()
      .describe(`Recent runs to look at (default ${RECENT_RUNS.default})`),
    search: text(LIMITS.plan).optional().describe("Free text over plans, files and notes"),
    gaps: z.boolean().optional().describe("Add near-miss counts per edge"),
  },
  output: recallResultSchema,
  annotations: readOnly,
  run: (args, ctx: ArchonContext) => {
    ctx.compiler.flushAudit();
    const files = args.files?.flatMap((f) => toRepoPath(ctx.projectRoot, f) ?? []);
    return recall(ctx.kdb.db, { ...args, ...(files ? { files } : {}) }, ctx.clock);
  },
});
