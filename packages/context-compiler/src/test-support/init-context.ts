// Test helpers for the init tools: a context wired the way the lead wires servers, and typed tool calls.
import { copyFileSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ArchonContext } from "../context/archon-context.js";
import type { ApplyUpgradeResult } from "../init/apply-upgrade.js";
import type { UpgradeCheck } from "../init/check-upgrade.js";
import type { InitConfirmInput, InitConfirmResult } from "../init/init-confirm.js";
import type { InitDetectInput, InitDetectResult } from "../init/init-detect.js";
import type { SyncInitManifestResult } from "../init/sync-init-manifest.js";
import { defaultTemplatesDir } from "../init/template-catalog.js";
import { applyUpgradeTool } from "../mcp/admin/apply-upgrade.tool.js";
import { checkUpgradeTool } from "../mcp/admin/check-upgrade.tool.js";
import { initConfirmTool } from "../mcp/admin/init-confirm.tool.js";
import { initDetectTool } from "../mcp/admin/init-detect.tool.js";
import { syncInitManifestTool } from "../mcp/admin/sync-init-manifest.tool.js";
import type { TestProject } from "./project.js";

export type InitCtx = ArchonContext;

export const detect = async (ctx: InitCtx, args: InitDetectInput = {}) =>
  (await initDetectTool.run(args, ctx)) as InitDetectResult;
export const confirm = async (ctx: InitCtx, args: InitConfirmInput) =>
  (await initConfirmTool.run(args, ctx)) as InitConfirmResult;
export const check = async (ctx: InitCtx) => (await checkUpgradeTool.run({}, ctx)) as UpgradeCheck;
export const apply = async (ctx: InitCtx) => (await applyUpgradeTool.run({}, ctx)) as ApplyUpgradeResult;
export const sync = async (ctx: InitCtx) =>
  (await syncInitManifestTool.run({}, ctx)) as SyncInitManifestResult;

/** A templates folder as an older release shipped it: nextjs 1.0.0 only. The caller removes it. */
export function releasedWithNextjs100(): string {
  const dir = mkdtempSync(join(tmpdir(), "archon-templates-1.0-"));
  mkdirSync(join(dir, "nextjs"));
  copyFileSync(join(defaultTemplatesDir(), "nextjs", "1.0.0.yaml"), join(dir, "nextjs", "1.0.0.yaml"));
  return dir;
}

/**
 * Bootstraps the project from nextjs 1.0.0 on a server of the older release, then returns a server of the
 * current release (bundling 1.0.0 and 1.1.0), as after a package update.
 */
export async function bootstrappedOn100(project: TestProject, released: string): Promise<InitCtx> {
  const old = project.context("admin", { templatesDir: released });
  await confirm(old, { preview_hash: (await detect(old)).preview_hash as string });
  return project.context("admin");
}
