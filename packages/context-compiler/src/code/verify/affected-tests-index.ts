// affected_tests fed from the symbol index (imports, test files, call edges) and the project's composer.json.
import type { Db } from "@archon/core";
import { edgesTo, importsResolvingTo, indexedFiles, symbolsInFile } from "../../store/symbol-queries.js";
import type { SymbolRow } from "../../store/symbols.js";
import { type AffectedTests, affectedTests } from "./affected-tests.js";
import type { ChangedFile } from "./changed-files.js";
import { composerFolders } from "./composer-autoload.js";
import { isTestFile } from "./test-files.js";

/** A changed file: its path, and the lines a diff added to it (null without a diff). */
type ChangedPart = Pick<ChangedFile, "path" | "added">;

/**
 * The functions of `file` the change touched: those spanning a line the diff added, or every function of
 * the file when the change names it without a diff (or only removed lines from it).
 */
function changedFunctions(db: Db, file: ChangedPart): SymbolRow[] {
  const functions = symbolsInFile(db, file.path).filter((s) => s.kind === "function" || s.kind === "method");
  const lines = [...(file.added?.keys() ?? [])];
  const touched = functions.filter((s) => lines.some((l) => l >= s.start_line && l <= s.end_line));
  return touched.length > 0 ? touched : functions;
}

/** Test files with a bound call into the changed functions of `file`, each with the names it calls, sorted. */
function testCallers(db: Db, file: ChangedPart): Map<string, string[]> {
  const names = new Map<string, Set<string>>();
  for (const symbol of changedFunctions(db, file))
    for (const edge of edgesTo(db, symbol.symbol_id, "calls"))
      if (edge.path !== file.path && isTestFile(edge.path))
        names.set(edge.path, (names.get(edge.path) ?? new Set()).add(symbol.qualified_name));
  return new Map([...names].map(([path, called]) => [path, [...called].sort()]));
}

export function indexedAffectedTests(
  db: Db,
  root: string,
  files: readonly ChangedPart[],
  /** Where a composer.json that cannot be read is reported. */
  warnings: string[],
): AffectedTests {
  const composer = composerFolders(root);
  if (composer.warning) warnings.push(composer.warning);
  const byPath = new Map(files.map((f) => [f.path, f]));
  return affectedTests({
    root,
    changed: files.map((f) => f.path),
    importers: (targets) => importsResolvingTo(db, targets),
    tests: indexedFiles(db)
      .map((f) => f.path)
      .filter(isTestFile),
    callers: (path) => {
      const file = byPath.get(path);
      return file ? testCallers(db, file) : new Map();
    },
    mappedFolders: composer.folders,
  });
}
