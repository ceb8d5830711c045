// The folders a PHP project's composer.json maps namespaces to (psr-4, in autoload and autoload-dev): a
// class's path inside its folder mirrors its namespace, so a test mirrors its class there whatever the
// folders are called.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { readProjectFile } from "../../knowledge/project-path.js";
import { normalizeRepoPath } from "../../read/glob.js";

export interface ComposerFolders {
  /** Repo-relative folders, without a trailing slash ("" for the root), longest first. */
  folders: string[];
  /** Why composer.json was not used, when it exists but cannot be read as JSON. */
  warning?: string;
}

type Psr4 = Record<string, string | string[]>;

function psr4Folders(section: unknown): string[] {
  const map = (section as { "psr-4"?: Psr4 } | undefined)?.["psr-4"];
  if (typeof map !== "object" || map === null) return [];
  return Object.values(map).flatMap((dirs) => (Array.isArray(dirs) ? dirs : [dirs]));
}

/** The psr-4 folders of the project's root composer.json; none when it has none, read through the read guard. */
export function composerFolders(root: string): ComposerFolders {
  let text: string;
  try {
    text = readProjectFile(root, "composer.json", "file").text;
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    // No composer.json is the usual case; one the read guard refuses (a link out of the project) is said.
    if (!existsSync(join(root, "composer.json"))) return { folders: [] };
    return { folders: [], warning: `${error.message} Its autoload folders were not used to find tests.` };
  }
  let json: { autoload?: unknown; "autoload-dev"?: unknown };
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      folders: [],
      warning: `composer.json is not valid JSON (${(error as Error).message}), so its autoload folders were not used to find tests.`,
    };
  }
  const folders = new Set<string>();
  for (const dir of [...psr4Folders(json?.autoload), ...psr4Folders(json?.["autoload-dev"])]) {
    if (typeof dir !== "string") continue;
    // "" or "./" maps the project root; a folder climbing out of the project maps nothing here.
    const folder = /^[./]*$/.test(dir) && !dir.includes("..") ? "" : normalizeRepoPath(dir);
    if (folder !== undefined) folders.add(folder);
  }
  return { folders: [...folders].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)) };
}
