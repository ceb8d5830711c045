// `archon` with no command: serve one MCP surface on stdio.
import { serveStdio } from "@archon/core/server";
import { createArchonContext } from "../context/archon-context.js";
import { NotAProjectError, UnopenedProjectError } from "../context/project-database.js";
import { createArchonServer } from "../mcp/server.js";
import { DamagedDatabaseError } from "../store/database-damage.js";
import { toolPrefix } from "../vocabulary/tool-prefix.js";
import type { GlobalOptions } from "./options.js";
import { refusingServer } from "./refusing-server.js";

export async function serve(options: GlobalOptions): Promise<void> {
  if (process.stdin.isTTY) {
    // A person typed `archon` alone: say what is happening (stderr never disturbs the MCP stream).
    process.stderr.write(
      `archon is serving the ${options.surface} surface over stdio for an MCP client (Ctrl-C to stop). Run \`archon --help\` for the commands.\n`,
    );
  }
  await serveStdio(await serverFor(options));
}

async function serverFor(options: GlobalOptions) {
  const serverOptions = {
    surface: options.surface,
    dbPath: options.db,
    projectRoot: options.projectRoot,
    templatesDir: options.templates,
    // A long-running server commits audit rows off the thread that answers requests.
    backgroundAudit: true,
    warmUp: true,
  };
  try {
    // A client registered for every repository starts archon in folders that are no project. The rule
    // files' first look and the warm-up wait until the client has its tool list (mcp/server.ts).
    return await createArchonServer({ ...serverOptions, projectMustExist: true, deferOpenWork: true });
  } catch (error) {
    // Only what a person fixes in the project keeps the server up; a --db that cannot be created fails at once.
    if (!(error instanceof UnopenedProjectError || error instanceof DamagedDatabaseError)) throw error;
    // Said on stderr too, for a client that shows the server's log (the MCP Inspector does).
    process.stderr.write(`archon: ${error.describe()}\n`);
    const makeProject =
      error instanceof NotAProjectError ? () => createArchonContext(serverOptions) : undefined;
    return refusingServer(options.surface, toolPrefix(), error, makeProject);
  }
}
