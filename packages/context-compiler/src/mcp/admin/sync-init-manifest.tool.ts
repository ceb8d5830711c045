// sync_init_manifest: records the newest template version as applied once the upgrade bundle is resolved.
import { additiveWrite, defineTool } from "@archon/core";
import { z } from "zod";
import { type ArchonContext, writeContext } from "../../context/archon-context.js";
import { syncInitManifest } from "../../init/sync-init-manifest.js";

export const syncInitManifestTool = defineTool({
  name: "sync_init_manifest",
  title: "Re-baseline the init manifest",
  description: (t) =>
    `Call after the ${t("apply_upgrade")} bundle was approved or rejected: moves the init manifest to the newest bundled template version, with that version's content hashes as the new baseline. Without this call the same upgrade is offered forever (${t("check_upgrade")} and compile notices keep reporting it). Documents whose users changed them stay marked as modified and keep being left alone. Refused while an upgrade bundle is still pending. Touches no canonical knowledge: no version bump.`,
  input: {},
  output: {
    template: z.string(),
    from_version: z.string(),
    to_version: z.string(),
    changed: z.boolean(),
    user_modified: z.array(z.string()),
  },
  annotations: { ...additiveWrite, idempotentHint: true },
  run: (_args, ctx: ArchonContext) => syncInitManifest(writeContext(ctx), ctx.init.templatesDir),
});
