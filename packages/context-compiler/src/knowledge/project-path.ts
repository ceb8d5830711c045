// The file-import sandbox: a repo-relative path must resolve, symbolic links included, inside the project root.
import { existsSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { UserError } from "@archon/core";

export interface ProjectFile {
  /** Absolute real path on disk. */
  absolute: string;
  /** Path relative to the project root, with forward slashes: what is stored as source_path. */
  relative: string;
}

const inside = (root: string, target: string) => {
  const rel = relative(root, target);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel) && rel.split(sep)[0] !== "..");
};

/** Resolves `input` against the project root; refuses `..`, outside absolute paths and links that leave. */
export function resolveProjectFile(projectRoot: string, input: string, field = "file_path"): ProjectFile {
  const root = realpathSync(projectRoot);
  if (input.trim() === "")
    throw new UserError(`${field} is empty.`, "Give a path relative to the project root.", field);
  const candidate = resolve(root, input);
  if (!inside(root, candidate)) {
    throw new UserError(
      `${field} "${input}" is outside the project root ${root}.`,
      "Imports are limited to files inside --project-root; copy the file into the project first.",
      field,
    );
  }
  if (!existsSync(candidate)) {
    throw new UserError(
      `${field} "${input}" does not exist under ${root}.`,
      "Check the path; it is relative to the project root.",
      field,
    );
  }
  const real = realpathSync(candidate);
  if (!inside(root, real)) {
    throw new UserError(
      `${field} "${input}" is a symbolic link that leads outside the project root (to ${real}).`,
      "Imports are limited to files inside --project-root.",
      field,
    );
  }
  if (!statSync(real).isFile())
    throw new UserError(`${field} "${input}" is not a regular file.`, undefined, field);
  return { absolute: real, relative: relative(root, real).split(sep).join("/") };
}
