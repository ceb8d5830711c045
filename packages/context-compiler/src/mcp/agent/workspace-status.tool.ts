// workspace_status: a read-only dashboard. It writes no knowledge and no audit row of its own.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import type { ArchonContext } from "../../context/archon-context.js";
import { workspaceStatus } from "../../services/stats.js";
import { inOneRead } from "../../store/one-read.js";
import { rowCountsShape, snapshotSchema } from "../result-schemas/knowledge-state.js";

export const workspaceStatusTool = defineTool({
  name: "workspace_status",
  title: "Workspace status",
  description:
    "Read-only dashboard: knowledge version and hash (equal wherever the rules are), latest snapshot, recent compile regions, pending and unresolved counts, row counts.",
  input: {},
  output: {
    knowledge_version: z.number().int(),
    knowledge_hash: z.string(),
    initialized: z.boolean(),
    latest_snapshot: snapshotSchema.nullable(),
    recent_compile_regions: z.array(z.object({ region: z.string(), compiles: z.number().int() })),
    unresolved: z.object({ pending_documents: z.number().int(), failed_compiles: z.number().int() }),
    canonical_rows: z.object(rowCountsShape),
  },
  annotations: readOnly,
  run: (_args, ctx: ArchonContext) => {
    // This process's own compiles count: the audit rows it still holds are written first.
    ctx.compiler.flushAudit();
    // The compiler's own index, kept per knowledge version: the hash is never computed per call, and it
    // is the one the next compile will report. One read, so the version and the hash cannot disagree.
    return inOneRead(ctx.kdb.db, () => {
      const { knowledge_hash } = ctx.compiler.index();
      return { ...workspaceStatus(ctx.kdb.db, ctx.projectRoot), knowledge_hash };
    });
  },
});
