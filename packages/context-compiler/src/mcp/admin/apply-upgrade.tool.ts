// apply_upgrade: the template upgrade as one bundle of pending proposals for a person to approve.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { applyUpgrade } from "../../init/apply-upgrade.js";

export const applyUpgradeTool = defineTool({
  name: "apply_upgrade",
  title: "Propose a template upgrade",
  description: (t) =>
    `Turns the ${t("check_upgrade")} diff into pending proposals sharing one bundle_id: new_doc for added documents, update_doc (with base_content_hash) for changed documents nobody modified, deprecate_doc for dropped ones nobody modified, add_edge / remove_edge for edges. Documents their users modified are left alone and listed in skipped. Nothing is applied: a person approves the bundle (${t("preflight_proposal_bundle")}, then ${t("approve_proposal_bundle")}). This tool does not finalize the upgrade: after the bundle is resolved, call ${t("sync_init_manifest")}, or the same upgrade is offered again forever. Refused while an earlier upgrade bundle is still pending.`,
  input: {},
  output: {
    template: z.string(),
    from_version: z.string(),
    to_version: z.string(),
    bundle_id: z.string().nullable(),
    proposals: z.array(z.object({ proposal_id: z.string(), proposal_type: z.string(), subject: z.string() })),
    skipped: z.array(z.object({ subject: z.string(), reason: z.string() })),
    next_step: z.string(),
  },
  annotations: additiveWrite,
  run: (_args, ctx: ArchonContext) =>
    applyUpgrade({ ...writeContext(ctx), ids: ctx.ids }, ctx.init.templatesDir),
});
