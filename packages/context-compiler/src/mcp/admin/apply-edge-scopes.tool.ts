// apply_edge_scopes: the agent's narrower globs become one bundle of pending proposals for a person to approve.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { applyEdgeScopes } from "../../knowledge/curation/apply-edge-scopes.js";
import { LIMITS, list, text } from "../input-limits.js";

export const applyEdgeScopesTool = defineTool({
  name: "apply_edge_scopes",
  title: "Propose narrower edge scopes",
  description: (t) =>
    `Takes the narrower globs you chose after ${t("review_edge_scopes")}: scopes: [{ edge_id, globs }]. Every glob is checked against the project's real file list; a malformed glob, one matching no file, or an edge that is not a live path_requires edge refuses the whole call with the reasons, and nothing is written. Otherwise writes ONE bundle of pending proposals: per scope a remove_edge for the broad edge and an add_edge per new glob. Nothing is applied: tell the user to review and approve the returned bundle_id.`,
  input: {
    scopes: list(
      z.object({
        edge_id: z.number().int().positive(),
        globs: list(text(LIMITS.path).min(1), LIMITS.scopes)
          .min(1)
          .describe("Repo-relative globs that replace the broad one"),
      }),
      LIMITS.scopes,
    ).min(1),
  },
  output: {
    bundle_id: z.string(),
    knowledge_version: z.number().int(),
    scopes: z.array(
      z.object({
        edge_id: z.number().int(),
        doc_id: z.string(),
        removed_glob: z.string(),
        remove_proposal_id: z.string(),
        globs: z.array(z.object({ glob: z.string(), matches: z.number().int(), proposal_id: z.string() })),
      }),
    ),
    next: z.string(),
  },
  annotations: additiveWrite,
  run: (args, ctx: ArchonContext) => applyEdgeScopes({ ...writeContext(ctx), ids: ctx.ids }, args),
});
