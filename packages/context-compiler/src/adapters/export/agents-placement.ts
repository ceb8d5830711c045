// Which AGENTS.md files a rule belongs in: the closest folder file its globs all sit under, else the root.
import type { ExportRule } from "./knowledge-rules.js";

export interface Placement {
  /** Repo-relative folder of the AGENTS.md file; "" is the root. */
  folder: string;
  /** Globs to name in the section; empty when the file's folder is exactly the rule's scope. */
  named: string[];
}

const MAGIC = /[*?[\]{}!]/;

/** The folder a glob's matches all sit under: its segments before the first wildcard (a plain path names a file). */
export function staticFolder(glob: string): string {
  const segments = glob.split("/");
  const fixed: string[] = [];
  for (const segment of segments) {
    if (MAGIC.test(segment)) return fixed.join("/");
    fixed.push(segment);
  }
  return fixed.slice(0, -1).join("/");
}

function commonFolder(folders: readonly string[]): string {
  const [first = [], ...rest] = folders.map((f) => f.split("/"));
  let depth = first.length;
  for (const segments of rest) {
    let same = 0;
    while (same < Math.min(depth, segments.length) && segments[same] === first[same]) same++;
    depth = same;
  }
  return first.slice(0, depth).join("/");
}

/** Writes stay inside the project: a glob climbing out (`../x/**`) or absolute cannot pick a nested file. */
const inside = (folder: string) =>
  !folder.startsWith("/") && folder.split("/").every((s) => s !== "" && s !== "." && s !== "..");

const wholeFolder = (folder: string, glob: string) => glob === `${folder}/**` || glob === `${folder}/**/*`;

/**
 * Agents reading AGENTS.md take the root file plus every AGENTS.md on the way down to the folder they
 * work in, the closest last and winning. So a rule goes in the deepest folder all its globs sit under;
 * globs spread over unrelated top-level folders go in each one's file; a glob anchored at the root
 * (`**\/*.test.ts`) keeps the rule in the root file with its globs named, and so does a folder that
 * does not exist yet (no agent would be working in it to read its file).
 */
export function placeRule(rule: ExportRule, isDir: (folder: string) => boolean): Placement[] {
  if (rule.scope !== "globs") return [{ folder: "", named: [] }];
  if (rule.globs.some((g) => staticFolder(g) === "")) return [{ folder: "", named: rule.globs }];
  const byTop = new Map<string, string[]>();
  for (const glob of rule.globs) {
    const top = staticFolder(glob).split("/")[0] as string;
    byTop.set(top, [...(byTop.get(top) ?? []), glob]);
  }
  const nested: Placement[] = [];
  const atRoot: string[] = [];
  for (const top of [...byTop.keys()].sort()) {
    const globs = byTop.get(top) as string[];
    const folder = commonFolder(globs.map(staticFolder));
    if (!inside(folder) || !isDir(folder)) atRoot.push(...globs);
    else nested.push({ folder, named: globs.some((g) => wholeFolder(folder, g)) ? [] : globs });
  }
  return atRoot.length > 0 ? [{ folder: "", named: atRoot }, ...nested] : nested;
}
