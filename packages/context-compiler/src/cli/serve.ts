// `archon` with no command: serve one MCP surface on stdio.
import { serveStdio } from "@archon/core/server";
import { createArchonServer } from "../mcp/server.js";
import type { GlobalOptions } from "./options.js";

export async function serve(options: GlobalOptions): Promise<void> {
  if (process.stdin.isTTY) {
    // A person typed `archon` alone: say what is happening (stderr never disturbs the MCP stream).
    process.stderr.write(
      `archon is serving the ${options.surface} surface over stdio for an MCP client (Ctrl-C to stop). Run \`archon --help\` for the commands.\n`,
    );
  }
  await serveStdio(
    await createArchonServer({
      surface: options.surface,
      dbPath: options.db,
      projectRoot: options.projectRoot,
      templatesDir: options.templates,
      // A long-running server commits audit rows off the thread that answers requests.
      backgroundAudit: true,
      warmUp: true,
    }),
  );
}
