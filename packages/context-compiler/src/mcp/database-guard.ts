// The database's state at the tool boundary: a writing tool refuses up front when the database cannot keep
// what it writes (removed, read-only), and a write SQLite refuses for where the database lives comes back
// as that same clear error instead of "Internal error".
import type { ToolDefinition } from "@archon/core";
import type { ArchonContext } from "../context/archon-context.js";

export function guardDatabaseWrites<T extends ToolDefinition<ArchonContext>>(tools: readonly T[]): T[] {
  return tools.map((tool) => ({
    ...tool,
    run: async (args, ctx) => {
      // Refusing before the tool starts keeps a tool that also writes files from doing half its work.
      if (!tool.annotations.readOnlyHint) {
        const refusal = ctx.kdb.writeRefusal();
        if (refusal) throw refusal;
      }
      try {
        return await tool.run(args, ctx);
      } catch (error) {
        throw ctx.kdb.explainFailure(error);
      }
    },
  }));
}
