// impact: which approved documents changing these files touches, with the edges as evidence.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { impact } from "../../services/impact.js";
import { EDGE_TYPES } from "../../vocabulary/knowledge-model.js";
import { LIMITS, list, text } from "../input-limits.js";

export const impactTool = defineTool({
  name: "impact",
  title: "Rules touched by changing files",
  description:
    "Every approved rule path or layer edges map these files to, plus the rules those depend on, with the edges as evidence: which rules apply, not whether one was broken.",
  input: { files: list(text(LIMITS.path).min(1), LIMITS.files).min(1).describe("Repo-relative paths") },
  output: {
    knowledge_version: z.number().int(),
    files: z.array(z.string()),
    documents: z.array(
      z.object({
        doc_id: z.string(),
        title: z.string(),
        kind: z.string(),
        evidence: z.array(
          z.object({
            edge_type: z.enum(EDGE_TYPES),
            edge_id: z.number().int(),
            pattern: z.string(),
            matched_file: z.string().nullable(),
            layer: z.string().nullable(),
            parent_doc_id: z.string().nullable(),
          }),
        ),
        via_dependency_chain: z.array(z.string()),
      }),
    ),
  },
  annotations: readOnly,
  run: ({ files }, ctx: ArchonContext) => impact(ctx.compiler.index(), files, ctx.projectRoot),
});
