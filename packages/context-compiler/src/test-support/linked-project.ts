// The attacker's side of the hooks' write guard: a project, a folder outside it holding someone's file,
// and the database kept apart, so what is at stake is only what the hooks write in the project's .archon.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createArchonContext } from "../context/archon-context.js";

export const VICTIM = "# someone's file outside the project\n";

export interface LinkedProject {
  root: string;
  outside: string;
  dbPath: string;
  /** Every file and folder outside, with a file's text: what a test holds byte for byte. */
  outsideState(): string[][];
  cleanup(): void;
}

export function linkedProject(prefix: string): LinkedProject {
  const base = mkdtempSync(join(tmpdir(), prefix));
  const root = join(base, "project");
  const outside = join(base, "outside");
  const dbPath = join(base, "db", "archon.db");
  mkdirSync(join(root, ".archon"), { recursive: true });
  mkdirSync(join(base, "db"));
  mkdirSync(outside);
  writeFileSync(join(outside, "victim.md"), VICTIM);
  createArchonContext({ surface: "admin", dbPath, projectRoot: root }).close();
  return {
    root,
    outside,
    dbPath,
    outsideState: () =>
      readdirSync(outside, { recursive: true, encoding: "utf8" })
        .sort()
        .map((name) => {
          const path = join(outside, name);
          return [name, statSync(path).isFile() ? readFileSync(path, "utf8") : "<dir>"];
        }),
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}
