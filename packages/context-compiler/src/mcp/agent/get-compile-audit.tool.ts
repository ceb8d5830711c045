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
    "The full audit record of a past compile by compile_id: request, resolved documents, delivery stats, budget utilization, drops, near-miss edges, layer classification, duration, the tag_catalog_hash and knowledge_hash it used, and `replay`: the same request compiled again against its snapshot and tag catalog, with same_result saying whether the bytes matched and the knowledge_hash of what it compiled against. Failed compiles are recorded too.",
  input: { compile_id: text(LIMITS.id).min(1).describe("the compile_id a compile answered with") },
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
