// The headless Chromium the browser tests drive through playwright-core, found on this machine at run time.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Debian's packages, smallest first; playwright-core never downloads one of its own here. */
export const BROWSER_COMMANDS = ["chromium-headless-shell", "chromium"] as const;
const PACKAGE_HINT =
  "install Debian's chromium-headless-shell package (apt-get install -y --no-install-recommends chromium-headless-shell), or chromium";

function onPath(command: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    const file = join(dir, command);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

/**
 * The browser's path, or undefined on a developer machine without one (the caller skips, and this says why
 * once). In CI a missing browser fails the test file: the browser tests must run there.
 */
export function findBrowser(
  env: NodeJS.ProcessEnv = process.env,
  say: (line: string) => void = (line) => process.stderr.write(line),
): string | undefined {
  for (const command of BROWSER_COMMANDS) {
    const found = onPath(command, env.PATH ?? "");
    if (found) return found;
  }
  if (env.CI) throw new Error(`No headless browser found on PATH and CI is set: ${PACKAGE_HINT}.`);
  say(`Skipping the browser tests: no ${BROWSER_COMMANDS.join(" or ")} on PATH; ${PACKAGE_HINT}.\n`);
  return undefined;
}
