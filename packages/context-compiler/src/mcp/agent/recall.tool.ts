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
  title: "Recall past runs, compiles and session notes",
  description: (t) =>
    `Didn't we try this before? Returns an index of past work: recent runs (files compiled, plans), and hits (compile ids, note ids) ranked by a blend of text match (1/2), recency (1/4) and closeness to files (1/4), halved when the knowledge a hit cited has been superseded; every hit carries its component scores. Pointers, not content: follow a compile id with ${t("get_compile_audit")}. Filters: files, run_id, recent_runs (default 10, max 50), search (free text); gaps: true adds near-miss counts per edge. truncated: true when the answer was cut to its size budget. Never part of ${t("compile_context")}.`,
  input: {
    files: list(text(LIMITS.path).min(1), LIMITS.files)
      .optional()
      .describe("Repo-relative paths: only hits on these files or near them"),
    run_id: text(LIMITS.id).min(1).optional().describe("One run only (ids come from an earlier recall)"),
    recent_runs: z
      .number()
      .int()
      .min(1)
      .max(RECENT_RUNS.max)
      .optional()
      .describe(`How many recent runs to look at (default ${RECENT_RUNS.default})`),
    search: text(LIMITS.plan).optional().describe("Free text matched against plans, files and notes"),
    gaps: z.boolean().optional().describe("Add accumulated near-miss counts per edge"),
  },
  output: recallResultSchema,
  annotations: readOnly,
  run: (args, ctx: ArchonContext) => {
    ctx.compiler.flushAudit();
    const files = args.files?.flatMap((f) => toRepoPath(ctx.projectRoot, f) ?? []);
    return recall(ctx.kdb.db, { ...args, ...(files ? { files } : {}) }, ctx.clock);
  },
});
