// get_compile_audit: the recorded request and outcome of a past compile, and that compile replayed.
import { defineTool, readOnly, UserError } from "@archon/core";
import type { ArchonContext } from "../../context/archon-context.js";
import { readCompileLog } from "../../store/audit.js";
import { LIMITS, text } from "../input-limits.js";
import { compileAuditSchema } from "../result-schemas/compile-result.js";

export const getCompileAuditTool = defineTool({
  name: "get_compile_audit",
  title: "Read a compile's audit record",
  description:
    "A past compile's audit record by compile_id, and `replay`: its request compiled again against its snapshot (same_result: whether it matched).",
  input: { compile_id: text(LIMITS.id).min(1).describe("From a compile's answer") },
  output: compileAuditSchema,
  annotations: readOnly,
  run: ({ compile_id }, ctx: ArchonContext) => {
    ctx.compiler.flushAudit();
    const audit = readCompileLog(ctx.kdb.db, compile_id);
    if (!audit)
      throw new UserError(
        `No compile with id "${compile_id}" is in the audit log.`,
        "compile_ids look like cmp_1a2b3c4d5e6f7a8b.",
        "compile_id",
      );
    // Replayed against its own snapshot and tag catalog, so the record shows it still reproduces (P-1).
    return { ...audit, replay: ctx.compiler.replay(audit) ?? null };
  },
});
