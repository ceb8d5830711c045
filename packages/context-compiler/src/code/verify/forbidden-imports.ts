// forbid_import: an import a constraint rules out, read from the file's syntax tree (never a regex over
// its text), matched by module name or by the repository path it resolves to.
import { makeMatcher } from "../../read/glob.js";
import { languageOf } from "../languages.js";
import { type ModuleWorld, resolveModule } from "../module-paths.js";
import type { ExtractedImport } from "../symbol-model.js";
import { isGlobRule } from "./verify-block.js";

export interface ImportHit {
  import: ExtractedImport;
  /** The repository file (Go: package folder) the import names, when it names one. */
  resolved: string | null;
  rule: string;
}

/**
 * Whether `entry` forbids an import: a module name forbids itself and what is under it (`lodash` forbids
 * `lodash/fp`, `App\Models` forbids `App\Models\User`, `os` forbids `os.path`); a glob is matched against
 * the module as written and the path it resolves to; a plain path forbids that file or folder.
 */
export function forbids(entry: string, source: string, resolved: string | null): boolean {
  const written = source.replace(/^\\/, "");
  if (isGlobRule(entry)) {
    const match = makeMatcher(entry);
    return match(written) || (resolved !== null && match(resolved));
  }
  const rule = entry.replace(/^\\/, "");
  if (written === rule || [`${rule}/`, `${rule}\\`, `${rule}.`].some((p) => written.startsWith(p)))
    return true;
  return resolved !== null && (resolved === rule || resolved.startsWith(`${rule}/`));
}

/** The imports of `path` (given as extracted) that one of `rules` forbids, in file order. */
export function forbiddenImports(
  path: string,
  imports: readonly ExtractedImport[],
  rules: readonly string[],
  world: ModuleWorld,
): ImportHit[] {
  const language = languageOf(path)?.language;
  if (!language) return [];
  const hits: ImportHit[] = [];
  for (const imp of imports) {
    const resolved = resolveModule(language, path, imp.source, imp.imported, world)?.path ?? null;
    for (const rule of rules)
      if (forbids(rule, imp.source, resolved)) hits.push({ import: imp, resolved, rule });
  }
  return hits;
}
