// The hooks' own folder, `.archon/hooks/`: per-session state and the read log, which belong to this
// machine and never to the repository. The folder carries its own `.gitignore` (ignore everything in
// it), so nothing in it is committed by accident and the project's own .gitignore is never touched.
// Node built-ins only: the Read hook imports this, and it must start fast.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const HOOKS_DIR = join(".archon", "hooks");

/** Creates `.archon/hooks/<sub>` (and the folder's .gitignore, once); returns the folder's path. */
export function hooksDir(projectRoot: string, sub = ""): string {
  const root = join(projectRoot, HOOKS_DIR);
  const dir = sub === "" ? root : join(root, sub);
  mkdirSync(dir, { recursive: true });
  try {
    // "wx": only when there is none, so a .gitignore someone wrote there is left as it is.
    writeFileSync(
      join(root, ".gitignore"),
      "# Written by archon: this folder holds per-machine hook state.\n*\n",
      {
        flag: "wx",
      },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return dir;
}
