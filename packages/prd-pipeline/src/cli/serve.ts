// Starts the MCP server on stdio for a project root, profile and grounding sources.
import { resolve } from "node:path";
import { serveStdio } from "@archon/core/server";
import { buildServer } from "../mcp/build-server.js";
import type { Profile } from "../mcp/server-context.js";
import type { SourceMode } from "../run-model/sources.js";

export interface ServeOptions {
  projectRoot: string;
  profile: Profile;
  evidenceDb?: string;
  codebase?: SourceMode;
  memory?: SourceMode;
  archonDb?: string;
  subagentNamespace?: string;
}

export async function serve(options: ServeOptions): Promise<void> {
  const projectRoot = resolve(options.projectRoot);
  const created = buildServer({
    projectRoot,
    profile: options.profile,
    evidenceDbPath: options.evidenceDb ? resolve(options.evidenceDb) : undefined,
    codebase: options.codebase,
    memory: options.memory,
    archonDbPath: options.archonDb ? resolve(projectRoot, options.archonDb) : undefined,
    namespace: options.subagentNamespace,
  });
  await serveStdio(created);
}
