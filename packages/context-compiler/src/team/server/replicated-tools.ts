// Which tools write through the team's log on a shared store, and the surface that sends them there.
// A write the log carries must depend only on the rows, its arguments, the clock and the ids: tools
// that read the project's files (imports from a path, init, upgrades, adapters, edge scopes checked
// against the file list) would replay differently on another instance, so a shared store refuses them.
import { type ToolDefinition, UserError } from "@archon/core";
import type { ArchonContext } from "../../context/archon-context.js";
import type { LoggedWrite, ReplicatedKnowledge } from "./replicated-knowledge.js";

/** The write tools whose effect is a function of the database and the call. */
export const LOGGED_TOOLS: ReadonlySet<string> = new Set([
  "observe",
  "import_doc",
  "set_doc_tags",
  "approve_proposal",
  "reject_proposal",
  "approve_proposal_bundle",
  "process_observations",
  "archive_observations",
  "resolve_conflict",
  "delete_decision",
  "maintenance",
]);

/** The log's writes for these tools: their own `run`, with nothing of the request around it. */
export function loggedWritesOf(tools: readonly ToolDefinition<ArchonContext>[]): LoggedWrite[] {
  return tools
    .filter((tool) => LOGGED_TOOLS.has(tool.name))
    .map((tool) => ({ name: tool.name, run: (args, ctx) => tool.run(args as never, ctx) }));
}

function refuseFileReads(name: string, args: Record<string, unknown>): void {
  if (name === "import_doc" && args.file_path !== undefined)
    throw new UserError(
      "On a team server with a shared store, import_doc takes inline content, not file_path.",
      "Every instance replays the import, and a file is on one machine only: pass the file's text as content.",
    );
}

/**
 * The tools as this instance registers them: writes the log carries go through it (as the token's
 * person), other writes are refused, and reads run on the working database as they are.
 */
export function replicatedTools<T extends ToolDefinition<ArchonContext>>(
  tools: readonly T[],
  knowledge: ReplicatedKnowledge,
): T[] {
  return tools.map((tool) => {
    if (tool.annotations.readOnlyHint) return tool;
    return {
      ...tool,
      run: async (args: Record<string, unknown>, ctx: ArchonContext) => {
        if (!LOGGED_TOOLS.has(tool.name))
          throw new UserError(
            `${tool.name} reads this project's files, so a team server on a shared store does not run it.`,
            "Run it against a local database (archon serve on a checkout) and bring the result in as proposals.",
          );
        refuseFileReads(tool.name, args);
        const outcome = await knowledge.write(tool.name, args, {
          actor: ctx.actor ?? "unknown",
          surface: ctx.surface,
        });
        if (outcome.status !== "applied") throw new UserError(`${tool.name} was already applied.`);
        return outcome.result;
      },
    };
  });
}
