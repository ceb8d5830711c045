// Starts the MCP server on stdio for a project root and profile.
import { resolve } from "node:path";
import { serveStdio } from "@archon/core";
import { buildServer } from "../mcp/build-server.js";
import type { Profile } from "../mcp/server-context.js";

export async function serve(projectRoot: string, profile: Profile, evidenceDb?: string): Promise<void> {
  const created = buildServer({
    projectRoot: resolve(projectRoot),
    profile,
    evidenceDbPath: evidenceDb ? resolve(evidenceDb) : undefined,
  });
  await serveStdio(created);
}
