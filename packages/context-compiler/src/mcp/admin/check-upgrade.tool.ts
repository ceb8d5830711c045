// check_upgrade: what a newer bundled template version would change, document by document.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { checkUpgrade } from "../../init/check-upgrade.js";
import { plannedEdgeShape } from "../result-schemas/knowledge-rows.js";

export const checkUpgradeTool = defineTool({
  name: "check_upgrade",
  title: "Check for a template upgrade",
  description: (t) =>
    `Read-only. Compares the template version this project was bootstrapped from with the newest bundled version and returns the diff: documents added, changed and removed, edges added and removed, layer rules. Each changed or removed document says whether its users modified it (user_modified: its content_hash differs from the one the template gave it); those are never overwritten. Items already in place say already_applied. Follow next_step: usually ${t("apply_upgrade")}, or ${t("sync_init_manifest")} when everything is in place.`,
  input: {},
  output: {
    template: z.string(),
    from_version: z.string(),
    to_version: z.string(),
    up_to_date: z.boolean(),
    pending_bundle_ids: z.array(z.string()),
    next_step: z.string(),
    documents_added: z.array(
      z.object({
        doc_id: z.string(),
        title: z.string(),
        kind: z.string(),
        state: z.enum(["new", "already_applied", "conflict"]),
      }),
    ),
    documents_changed: z.array(
      z.object({
        doc_id: z.string(),
        fields: z.array(z.enum(["title", "kind", "priority", "content"])),
        user_modified: z.boolean(),
        state: z.enum(["update", "user_modified", "already_applied"]),
        current_content_hash: z.string().nullable(),
      }),
    ),
    documents_removed: z.array(
      z.object({
        doc_id: z.string(),
        user_modified: z.boolean(),
        state: z.enum(["deprecate", "user_modified", "already_applied"]),
      }),
    ),
    edges_added: z.array(z.object({ ...plannedEdgeShape, state: z.enum(["add", "already_applied"]) })),
    edges_removed: z.array(
      z.object({
        ...plannedEdgeShape,
        edge_id: z.number().int().nullable(),
        state: z.enum(["remove", "already_applied"]),
      }),
    ),
    layer_rules_added: z.array(z.object({ pattern: z.string(), layer: z.string() })),
    layer_rules_removed: z.array(z.object({ pattern: z.string(), layer: z.string() })),
  },
  annotations: readOnly,
  run: (_args, ctx: ArchonContext) =>
    checkUpgrade({ db: ctx.kdb.db, channel: ctx.channel }, ctx.init.templatesDir),
});
