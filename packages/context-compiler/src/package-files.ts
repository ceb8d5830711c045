// Where archon's own files are (templates/, queries/, skills/, agents/, bin/, package.json): the package's
// folder, found by the package's name, which its `exports` lists. A module finds them the same way from
// dist/, from the bundle in dist/bundle/, and from archon-prd's bundle, which holds the grounding modules.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const PACKAGE_DIR = dirname(createRequire(import.meta.url).resolve("archon/package.json"));

/** A path inside the archon package. */
export const packagePath = (...parts: string[]): string => join(PACKAGE_DIR, ...parts);
