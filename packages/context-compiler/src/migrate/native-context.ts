// What each agent attaches on its own, from the instruction files in a project tree: always, or for one file.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { anchorGlob, ownerFolder } from "../knowledge/imports/formats/rule-file.js";
import { globList, readFrontmatter } from "../knowledge/imports/frontmatter.js";
import { listProjectFiles, SKIPPED_FOLDERS } from "../knowledge/project-files.js";
import { makeMatcher, normalizeRepoPath } from "../read/glob.js";

/** The files an agent may read: repo-relative paths, and their text (undefined when gone). */
export interface ProjectTree {
  files: readonly string[];
  read(path: string): string | undefined;
}

export const NATIVE_AGENTS = ["claude", "codex", "cursor", "copilot"] as const;
export type NativeAgent = (typeof NATIVE_AGENTS)[number];

export interface AttachedFile {
  path: string;
  bytes: number;
}

export interface NativeContext {
  agent: NativeAgent;
  /** In the order the agent reads them; each file once. */
  files: AttachedFile[];
  bytes: number;
}

/** The project as it is on disk: git's file list (or a walk) without archon's own folder, read lazily. */
export function diskTree(projectRoot: string): ProjectTree {
  const cache = new Map<string, string | undefined>();
  return {
    // Migration backups under .archon/ hold old rule files no agent reads.
    files: listProjectFiles(projectRoot).files.filter(
      (f) => !f.split("/").some((s) => SKIPPED_FOLDERS.has(s)),
    ),
    read(path) {
      if (!cache.has(path)) {
        try {
          cache.set(path, readFileSync(join(projectRoot, path), "utf8"));
        } catch {
          cache.set(path, undefined);
        }
      }
      return cache.get(path);
    },
  };
}

/** `tree` with some files replaced (text) or removed (null): the project as a migration would leave it. */
export function changedTree(tree: ProjectTree, changes: ReadonlyMap<string, string | null>): ProjectTree {
  const files = [...new Set([...tree.files, ...changes.keys()])]
    .filter((f) => changes.get(f) !== null)
    .sort();
  return {
    files,
    read: (path) => (changes.has(path) ? (changes.get(path) ?? undefined) : tree.read(path)),
  };
}

const CLAUDE_IMPORT_DEPTH = 5;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** `@path` imports of a CLAUDE.md, resolved against its folder; code blocks and code spans do not import. */
function claudeImports(file: string, text: string): string[] {
  const folder = file.split("/").slice(0, -1).join("/");
  const found: string[] = [];
  let fenced = false;
  for (const line of text.split(/\r?\n/)) {
    if (FENCE.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const match of line.replace(/`[^`]*`/g, "").matchAll(/(?:^|\s)@([^\s`]+)/g)) {
      const raw = match[1] as string;
      // Home-folder imports (`@~/...`) and absolute paths are outside the project.
      if (raw.startsWith("~") || raw.startsWith("/")) continue;
      const path = normalizeRepoPath(folder === "" ? raw : `${folder}/${raw}`);
      if (path !== undefined) found.push(path);
    }
  }
  return found;
}

/** Folders from the root down to the file's own folder, the root ("") first. */
function foldersOf(target: string): string[] {
  const parts = target.split("/").slice(0, -1);
  return ["", ...parts.map((_, i) => parts.slice(0, i + 1).join("/"))];
}

const inFolder = (folder: string, path: string) => folder === "" || path.startsWith(`${folder}/`);
const at = (folder: string, name: string) => (folder === "" ? name : `${folder}/${name}`);

/** Whether one of a rule's globs, anchored to the folder holding its rule folder, matches the target. */
function globsMatch(owner: string, globs: readonly string[], target: string): boolean {
  return globs.some((g) => !g.startsWith("!") && makeMatcher(anchorGlob(owner, g))(target));
}

class Attached {
  readonly files: AttachedFile[] = [];
  private readonly seen = new Set<string>();
  constructor(private readonly tree: ProjectTree) {}

  add(path: string): string | undefined {
    if (this.seen.has(path)) return undefined;
    const text = this.tree.read(path);
    if (text === undefined) return undefined;
    this.seen.add(path);
    this.files.push({ path, bytes: Buffer.byteLength(text, "utf8") });
    return text;
  }

  /** A CLAUDE.md and, depth first, what it imports. */
  addClaudeMd(path: string, depth = 0): void {
    const text = this.add(path);
    if (text === undefined || depth >= CLAUDE_IMPORT_DEPTH) return;
    for (const imported of claudeImports(path, text)) this.addClaudeMd(imported, depth + 1);
  }
}

const frontmatterOf = (tree: ProjectTree, path: string) => readFrontmatter(tree.read(path) ?? "").data;

function claude(tree: ProjectTree, target: string | undefined, out: Attached): void {
  for (const folder of target === undefined ? [""] : foldersOf(target))
    out.addClaudeMd(at(folder, "CLAUDE.md"));
  for (const file of tree.files.filter((f) => /^\.claude\/rules\/(.+\/)?[^/]+\.md$/.test(f))) {
    const paths = globList(frontmatterOf(tree, file).paths);
    if (paths.length === 0 || (target !== undefined && globsMatch("", paths, target))) out.add(file);
  }
}

/** AGENTS.md from the root down to the target's folder: Codex concatenates them, and so does Cursor. */
function agentsMdChain(target: string | undefined, out: Attached): void {
  for (const folder of target === undefined ? [""] : foldersOf(target)) out.add(at(folder, "AGENTS.md"));
}

/** Cursor reads project rules as `.mdc` and as plain `.md` with the same front matter. */
const CURSOR_RULE = /(^|\/)\.cursor\/rules\/(.+\/)?[^/]+\.mdc?$/;

function cursor(tree: ProjectTree, target: string | undefined, out: Attached): void {
  // Cursor reads AGENTS.md at the root and in subfolders as well as its own rules.
  agentsMdChain(target, out);
  out.add(".cursorrules");
  for (const file of tree.files.filter((f) => CURSOR_RULE.test(f))) {
    const owner = ownerFolder(file, ".cursor");
    const data = frontmatterOf(tree, file);
    const always = data.alwaysApply === true || data.alwaysApply === "true";
    if (target === undefined ? always && owner === "" : inFolder(owner, target) && always) out.add(file);
    else if (target !== undefined && globsMatch(owner, globList(data.globs), target)) out.add(file);
  }
}

function copilot(tree: ProjectTree, target: string | undefined, out: Attached): void {
  out.add(".github/copilot-instructions.md");
  if (target === undefined) return;
  for (const file of tree.files.filter((f) =>
    /^\.github\/instructions\/(.+\/)?[^/]+\.instructions\.md$/.test(f),
  )) {
    if (globsMatch("", globList(frontmatterOf(tree, file).applyTo), target)) out.add(file);
  }
}

/**
 * What each agent attaches natively: with no target, what rides along in every prompt; with a
 * repo-relative target file, that plus what the agent adds for that file.
 */
export function nativeContext(tree: ProjectTree, targetFile?: string): NativeContext[] {
  const target = targetFile === undefined ? undefined : normalizeRepoPath(targetFile);
  return NATIVE_AGENTS.map((agent) => {
    const out = new Attached(tree);
    if (agent === "claude") claude(tree, target, out);
    else if (agent === "codex") agentsMdChain(target, out);
    else if (agent === "cursor") cursor(tree, target, out);
    else copilot(tree, target, out);
    return { agent, files: out.files, bytes: out.files.reduce((sum, f) => sum + f.bytes, 0) };
  });
}

/** Every instruction file an agent may read natively, for any file of the project: what it loses if they go. */
export function filesReadBy(tree: ProjectTree, agent: NativeAgent): Set<string> {
  const out = new Attached(tree);
  const named = (re: RegExp) => tree.files.filter((f) => re.test(f));
  if (agent === "claude") {
    for (const file of named(/(^|\/)CLAUDE\.md$/)) out.addClaudeMd(file);
    for (const file of named(/^\.claude\/rules\/(.+\/)?[^/]+\.md$/)) out.add(file);
  } else if (agent === "copilot") {
    for (const file of named(/^\.github\/(copilot-instructions\.md|instructions\/.+\.instructions\.md)$/))
      out.add(file);
  } else {
    for (const file of named(/(^|\/)AGENTS\.md$/)) out.add(file);
    if (agent === "cursor")
      for (const file of [...named(/(^|\/)\.cursorrules$/), ...named(CURSOR_RULE)]) out.add(file);
  }
  return new Set(out.files.map((f) => f.path));
}
