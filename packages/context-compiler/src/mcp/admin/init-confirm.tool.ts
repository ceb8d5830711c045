// init_confirm: bootstraps knowledge from a confirmed init_detect preview, or records an empty start.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { initConfirm } from "../../init/init-confirm.js";
import { LIMITS, text } from "../input-limits.js";

export const initConfirmTool = defineTool({
  name: "init_confirm",
  title: "Bootstrap knowledge from a previewed template",
  description: (t) =>
    `Call after a person agreed to an ${t("init_detect")} preview: pass its preview_hash. Creates the template's documents as approved, with their edges and layer rules, in one transaction (one knowledge_version bump, one snapshot), records the init manifest that upgrades diff against, and deploys the editor adapters. The hash only works on the server process that produced it and only while knowledge_version is unchanged; otherwise call ${t("init_detect")} again. Pass skip_template: true instead to record that the project starts empty on purpose (no version bump). Refused when the project was already bootstrapped from a template (use ${t("check_upgrade")}).`,
  input: {
    preview_hash: text(LIMITS.id).min(1).optional().describe("The preview_hash init_detect returned"),
    skip_template: z.boolean().optional().describe("Start without a template, on purpose"),
  },
  output: {
    template: z.string().nullable(),
    version: z.string().nullable(),
    documents_created: z.array(z.string()),
    edges_added: z.number().int(),
    layer_rules_added: z.number().int(),
    knowledge_version: z.number().int(),
    snapshot_id: z.string().nullable(),
    adapters: z.object({ deployed: z.boolean(), detail: z.string() }),
    warnings: z.array(z.string()),
    next_step: z.string(),
  },
  annotations: additiveWrite,
  run: (args, ctx: ArchonContext) => initConfirm(writeContext(ctx), ctx.init, args),
});
