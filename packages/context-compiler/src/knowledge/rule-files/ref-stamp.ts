// The cheap check a compile makes before it trusts its knowledge: whether the ref the rule files are
// absorbed from may have moved. It reads git's own small files (HEAD, the ref, packed-refs' size and
// time), found on disk as git finds them, instead of starting git, so that a pull or a checkout is seen
// at the next compile for a few microseconds; only when the stamp changes is git asked what the commit is.
import { readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { runGit } from "../git.js";
import { RULE_FILES_DIR } from "./rule-file-text.js";

const readText = (path: string): string => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
};

const fileTime = (path: string): string => {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat ? `${stat.mtimeMs}:${stat.size}` : "";
};

interface GitDirs {
  /** HEAD's folder: the work tree's own (a linked work tree has one of its own). */
  gitDir: string;
  /** refs/ and packed-refs: shared by every work tree of the repository. */
  commonDir: string;
}

/** Variables that move where git looks for its folder: with any of them set, git itself is asked. */
const DISCOVERY_ENV = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_COMMON_DIR",
  "GIT_CEILING_DIRECTORIES",
  "GIT_DISCOVERY_ACROSS_FILESYSTEM",
];

/** A linked work tree's folder names the shared one in `commondir`; a repository's own is both. */
function withCommonDir(gitDir: string): GitDirs {
  const common = readText(join(gitDir, "commondir")).trim();
  return { gitDir, commonDir: common === "" ? gitDir : resolve(gitDir, common) };
}

/**
 * git's folder for `start`, found as git finds it without starting it: the nearest `.git` at or above
 * `start`, a folder holding HEAD or a file naming one (`gitdir: ...`, as a linked work tree or a
 * submodule has).
 */
function gitDirsOnDisk(start: string): GitDirs | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    const dotGit = join(dir, ".git");
    const stat = statSync(dotGit, { throwIfNoEntry: false });
    if (stat?.isDirectory() && statSync(join(dotGit, "HEAD"), { throwIfNoEntry: false })?.isFile())
      return withCommonDir(dotGit);
    if (stat?.isFile()) {
      const target = /^gitdir: (.+)$/m.exec(readText(dotGit))?.[1]?.trim();
      return target ? withCommonDir(resolve(dir, target)) : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Where git keeps HEAD and refs, or undefined outside git. */
function gitDirs(projectRoot: string): GitDirs | undefined {
  if (!DISCOVERY_ENV.some((name) => process.env[name] !== undefined)) return gitDirsOnDisk(projectRoot);
  const out = runGit(projectRoot, ["rev-parse", "--absolute-git-dir", "--git-common-dir"]);
  const [gitDir, common] = out?.trim().split("\n") ?? [];
  if (!gitDir || !common) return undefined;
  return { gitDir, commonDir: isAbsolute(common) ? common : join(projectRoot, common) };
}

export class RefStamp {
  readonly #dirs: GitDirs | undefined;

  constructor(
    private readonly projectRoot: string,
    private readonly ref: string,
  ) {
    this.#dirs = gitDirs(projectRoot);
  }

  /** Whether a git folder was found: the stamp then follows the ref, not only the rule files' folder. */
  get inGit(): boolean {
    return this.#dirs !== undefined;
  }

  /**
   * Changes whenever the commit `ref` names may have changed (and sometimes when it did not). Outside
   * git it is the rule files' folder's time, the source then; `withFolder` adds that time in git too, for
   * a repository git refuses to answer for (an owner it does not trust), whose folder is read instead.
   */
  stamp(withFolder = false): string {
    const folder = fileTime(join(this.projectRoot, RULE_FILES_DIR));
    if (!this.#dirs) return folder;
    const { gitDir, commonDir } = this.#dirs;
    const head = readText(join(gitDir, "HEAD"));
    const symbolic = /^ref: (\S+)/.exec(head)?.[1];
    const names =
      this.ref === "HEAD"
        ? symbolic
          ? [symbolic]
          : []
        : [`refs/${this.ref}`, `refs/heads/${this.ref}`, `refs/remotes/${this.ref}`];
    const refs = names.map((name) => readText(join(commonDir, name))).join("|");
    const packed = fileTime(join(commonDir, "packed-refs"));
    return `${this.ref === "HEAD" ? head : ""}|${refs}|${packed}${withFolder ? `|${folder}` : ""}`;
  }
}
