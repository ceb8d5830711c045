// Reads what detection needs from a project: its file list and the manifests' text, through the project sandbox.
import { readFileSync, statSync } from "node:fs";
import { UserError } from "@archon/core";
import { listProjectFiles } from "../knowledge/project-files.js";
import { resolveProjectFile } from "../knowledge/project-path.js";
import type { ProjectShape } from "./detect-stack.js";

/** Manifests whose text detection reads: at the root or in an app folder up to `apps/web/` deep. */
const READ = /^([^/]+\/){0,2}(package\.json|composer\.json)$|^pnpm-workspace\.yaml$/;
// A manifest larger than this is not one a person wrote; reading it would only cost memory.
const MANIFEST_LIMIT_BYTES = 1024 * 1024;
// A monorepo has tens of apps, not hundreds; past this the rest are not read.
const MANIFEST_LIMIT_COUNT = 200;

export interface ReadShape extends ProjectShape {
  /** The file list came from git or from a walk, which may have stopped at its bound. */
  source: "git" | "walk";
  truncated: boolean;
}

export function readProjectShape(projectRoot: string): ReadShape {
  const listed = listProjectFiles(projectRoot);
  const manifests: Record<string, string> = {};
  for (const name of listed.files.filter((f) => READ.test(f)).slice(0, MANIFEST_LIMIT_COUNT)) {
    try {
      // The sandbox refuses a manifest that is a link leading out of the project.
      const file = resolveProjectFile(projectRoot, name, "manifest");
      if (statSync(file.absolute).size <= MANIFEST_LIMIT_BYTES)
        manifests[name] = readFileSync(file.absolute, "utf8");
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
    }
  }
  return { files: listed.files, manifests, source: listed.source, truncated: listed.truncated };
}
