// workspace_status: a read-only dashboard. It writes no knowledge and no audit row of its own.
import { defineTool, readOnly } from "@archon/core";
import type { ArchonContext } from "../../context/archon-context.js";
import { workspaceStatus } from "../../services/stats.js";

export const workspaceStatusTool = defineTool({
  name: "workspace_status",
  title: "Workspace status",
  description:
    "Read-only dashboard: knowledge_version, the latest snapshot, recent compile regions, pending and unresolved counts, and canonical row counts. Changes nothing.",
  input: {},
  annotations: readOnly,
  run: (_args, ctx: ArchonContext) => {
    // This process's own compiles count: the audit rows it still holds are written first.
    ctx.compiler.flushAudit();
    return workspaceStatus(ctx.kdb.db, ctx.projectRoot);
  },
});
