// The MCP server archon serves when the project's database could not be opened for a reason a person can
// fix (not an Archon project, .archon linked out of it, a damaged file): it lists its surface's tools as
// ever and answers every call with that reason. An MCP client shows a tool's answer to the agent and the
// person; a server that exits shows only "failed" in Claude Code, its stderr kept in a log nobody opens.
import type { UserError } from "@archon/core";
import { type CreatedServer, createServer } from "@archon/core/server";
import type { ArchonContext } from "../context/archon-context.js";
import type { Surface } from "../knowledge/surface.js";
import { guardDatabaseWrites } from "../mcp/database-guard.js";
import { VERSION } from "../version.js";

/** The admin tools that bootstrap a project from a template: in a folder that is none, they may make one. */
const MAKES_PROJECT = new Set(["init_detect", "init_confirm"]);

/**
 * `makeProject` opens (creating) the project's database; given only for a folder that is not a project
 * yet. The first call of an init tool opens it, and from then on every tool runs on it as usual.
 */
export async function refusingServer(
  surface: Surface,
  prefix: string,
  reason: UserError,
  makeProject?: () => ArchonContext,
): Promise<CreatedServer> {
  const tools =
    surface === "admin"
      ? (await import("../mcp/admin/index.js")).adminTools
      : (await import("../mcp/agent/index.js")).agentTools;
  let opened: ArchonContext | undefined;
  const contextFor = (tool: string): ArchonContext => {
    if (opened) return opened;
    if (!makeProject || !MAKES_PROJECT.has(tool)) throw reason;
    opened = makeProject();
    return opened;
  };
  return createServer({
    name: surface === "admin" ? "archon-admin" : "archon",
    version: VERSION,
    instructions: `archon cannot serve this project's rules yet: every ${prefix} tool answers why and what to do.`,
    tools: guardDatabaseWrites(tools).map((tool) => ({
      ...tool,
      run: (args: never) => tool.run(args, contextFor(tool.name)),
    })),
    context: undefined,
    prefix,
    cleanup: () => opened?.close(),
  });
}
