// workspace_status: a read-only dashboard. It writes nothing, not even an audit row.
import { defineTool, readOnly } from "@archon/core";
import { workspaceStatus } from "../../services/stats.js";
import type { ArchonContext } from "../context.js";

export const workspaceStatusTool = defineTool({
  name: "workspace_status",
  title: "Workspace status",
  description:
    "Read-only dashboard: knowledge_version, the latest snapshot, recent compile regions, pending and unresolved counts, and canonical row counts. Writes nothing.",
  input: {},
  annotations: readOnly,
  run: (_args, ctx: ArchonContext) => workspaceStatus(ctx.kdb.db),
});
