// The cheap check a compile makes before it trusts its knowledge: whether the ref the rule files are
// absorbed from may have moved. It reads git's own small files (HEAD, the ref, packed-refs' size and
// time) instead of starting git, so that a pull or a checkout is seen at the next compile for a few
// microseconds; only when the stamp changes is git asked what the commit is.
import { readFileSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
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

/** Where git keeps HEAD (per work tree) and refs (shared by work trees), or undefined outside git. */
function gitDirs(projectRoot: string): { gitDir: string; commonDir: string } | undefined {
  const out = runGit(projectRoot, ["rev-parse", "--absolute-git-dir", "--git-common-dir"]);
  const [gitDir, common] = out?.trim().split("\n") ?? [];
  if (!gitDir || !common) return undefined;
  return { gitDir, commonDir: isAbsolute(common) ? common : join(projectRoot, common) };
}

export class RefStamp {
  readonly #dirs: { gitDir: string; commonDir: string } | undefined;

  constructor(
    private readonly projectRoot: string,
    private readonly ref: string,
  ) {
    this.#dirs = gitDirs(projectRoot);
  }

  /** Changes whenever the commit `ref` names may have changed (and sometimes when it did not). */
  stamp(): string {
    if (!this.#dirs) return fileTime(join(this.projectRoot, RULE_FILES_DIR));
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
    return `${this.ref === "HEAD" ? head : ""}|${refs}|${fileTime(join(commonDir, "packed-refs"))}`;
  }
}
