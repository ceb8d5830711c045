// sync_docs: drift check for file-anchored documents; opens update_doc proposals, never edits knowledge.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { syncDocs } from "../../knowledge/curation/sync-docs.js";
import { LIMITS, list, text } from "../input-limits.js";

export const syncDocsTool = defineTool({
  name: "sync_docs",
  title: "Sync documents with their source files",
  description:
    "Checks every approved document that has a source_path (a whole file, `file.md#Heading` section or `file.md#L3-L9` lines) against the file on disk. Each comes back unchanged, drifted, missing_file or missing_anchor. A drifted document gets one pending update_doc proposal carrying the new text (never a duplicate of an identical pending one); missing sources are only reported. Canonical knowledge is never changed: a person approves the proposals. Pass dry_run: true to preview without writing, doc_ids to check only some documents.",
  input: {
    dry_run: z.boolean().optional().describe("Preview only; writes nothing. Default false"),
    doc_ids: list(text(LIMITS.id).min(1), LIMITS.ids)
      .optional()
      .describe("Only these documents; default every one"),
  },
  // Re-running opens no duplicate: an identical pending proposal is reported, not written again.
  output: {
    dry_run: z.boolean(),
    knowledge_version: z.number().int(),
    checked: z.number().int(),
    counts: z.object({
      unchanged: z.number().int(),
      drifted: z.number().int(),
      missing_file: z.number().int(),
      missing_anchor: z.number().int(),
    }),
    documents: z.array(
      z.object({
        doc_id: z.string(),
        source_path: z.string(),
        status: z.enum(["unchanged", "drifted", "missing_file", "missing_anchor"]),
        reason: z.string().optional(),
        action: z.enum(["none", "proposed", "already_pending", "would_propose"]),
        proposal_id: z.string().nullable(),
      }),
    ),
    next: z.string(),
  },
  annotations: { ...additiveWrite, idempotentHint: true },
  run: (args, ctx: ArchonContext) => syncDocs({ ...writeContext(ctx), ids: ctx.ids }, args),
});
