// archon webui [--port N] [--no-open]: serve the local admin panel until interrupted.
import { spawn } from "node:child_process";
import { startWebUi } from "../webui/serve-webui.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

/** The platform's "open this address" command; a failure only means the person opens the printed URL. */
function openBrowser(url: string): void {
  const [command, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", "", url]]
        : ["xdg-open", [url]];
  try {
    const child = spawn(command, args as string[], { stdio: "ignore", detached: true });
    child.on("error", () => {});
    child.unref();
  } catch {
    // Nothing to do: the URL is on stdout.
  }
}

export async function webuiCommand(
  options: GlobalOptions,
  opts: { port?: number; open: boolean },
): Promise<void> {
  const ctx = openContext(options);
  let running: Awaited<ReturnType<typeof startWebUi>>;
  try {
    running = await startWebUi(ctx, { port: opts.port ?? 0 });
  } catch (error) {
    ctx.close();
    throw error;
  }
  process.stdout.write(`archon webui is serving ${options.db}\nOpen ${running.url}\n(Ctrl-C to stop)\n`);
  if (opts.open) openBrowser(running.url);
  const stop = () => {
    void running.close().finally(() => {
      ctx.close();
      process.exit(0);
    });
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
