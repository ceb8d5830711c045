// How anything archon writes starts archon: the project's own install when it has one, else this checkout.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { packagePath } from "../package-files.js";

/** `C:\Users\me\proj` → `C:/Users/me/proj`: forward slashes work everywhere Node runs and need no escaping. */
export const forwardSlashes = (path: string) => path.replace(/\\/g, "/");

/** This checkout's entry point (bin/archon.js). A machine path: never committed. */
export const ARCHON_BIN = forwardSlashes(packagePath("bin", "archon.js"));

/**
 * Whether the project installed archon as a dependency. Only then can a committed file start archon
 * without naming a folder of this machine: archon is not on npm, so otherwise it runs from a checkout.
 */
export function projectHasArchon(projectRoot: string): boolean {
  const bin = join(projectRoot, "node_modules", ".bin");
  return existsSync(join(bin, "archon")) || existsSync(join(bin, "archon.cmd"));
}

/**
 * The words before archon's own arguments. `root` is the project folder as the place that runs the command
 * spells it (an absolute path, or a client variable); npm's `--prefix` makes `npx` look for the project's
 * archon there whatever the working folder is. Without `root`, npx looks up from the working folder.
 */
export function launchWords(local: boolean, root?: string): string[] {
  if (!local) return ["node", ARCHON_BIN];
  return root === undefined
    ? ["npx", "--no-install", "archon"]
    : ["npx", "--no-install", "--prefix", root, "archon"];
}
