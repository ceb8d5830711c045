// check_upgrade: what a newer bundled template version would change, document by document.
import { defineTool, readOnly } from "@archon/core";
import type { ArchonContext } from "../../context/archon-context.js";
import { checkUpgrade } from "../../init/check-upgrade.js";

export const checkUpgradeTool = defineTool({
  name: "check_upgrade",
  title: "Check for a template upgrade",
  description: (t) =>
    `Read-only. Compares the template version this project was bootstrapped from with the newest bundled version and returns the diff: documents added, changed and removed, edges added and removed, layer rules. Each changed or removed document says whether its users modified it (user_modified: its content_hash differs from the one the template gave it); those are never overwritten. Items already in place say already_applied. Follow next_step: usually ${t("apply_upgrade")}, or ${t("sync_init_manifest")} when everything is in place.`,
  input: {},
  annotations: readOnly,
  run: (_args, ctx: ArchonContext) =>
    checkUpgrade({ db: ctx.kdb.db, channel: ctx.channel }, ctx.init.templatesDir),
});
