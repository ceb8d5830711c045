// `archon` with no command: serve one MCP surface on stdio.
import { serveStdio } from "@archon/core";
import { createArchonServer } from "../mcp/server.js";
import type { GlobalOptions } from "./options.js";

export async function serve(options: GlobalOptions): Promise<void> {
  await serveStdio(
    createArchonServer({
      surface: options.surface,
      dbPath: options.db,
      projectRoot: options.projectRoot,
      templatesDir: options.templates,
    }),
  );
}
