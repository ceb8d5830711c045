// The whole index in memory, looked up the ways resolution needs: by file and qualified name, by package
// folder (Go), by namespaced name (PHP), by bare name per language, and each file's import bindings.
import { posix } from "node:path";
import type { ImportRow, SymbolFileRow, SymbolKind, SymbolRow } from "../store/symbols.js";
import type { Language } from "./languages.js";
import {
  namesRepositoryCode,
  type ProjectLayout,
  type ResolvedModule,
  resolveModule,
} from "./module-paths.js";
import { moduleWorldOf } from "./module-world.js";

/** What one import makes a local name mean. */
export interface Binding {
  row: ImportRow;
  module: ResolvedModule | undefined;
  /** Names a module outside the repository (not a broken path to the project's own code). */
  external: boolean;
}

/** The map under `key`, created on first use. */
function inner<K, V>(map: Map<string, Map<K, V>>, key: string): Map<K, V> {
  let found = map.get(key);
  if (!found) {
    found = new Map();
    map.set(key, found);
  }
  return found;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

export class SymbolWorld {
  readonly byId = new Map<string, SymbolRow>();
  readonly #byFile = new Map<string, Map<string, SymbolRow>>();
  readonly #byFolder = new Map<string, Map<string, SymbolRow[]>>();
  readonly #byName = new Map<string, SymbolRow[]>();
  readonly #php = new Map<string, SymbolRow[]>();
  readonly #files = new Map<string, SymbolFileRow>();
  readonly #bindings = new Map<string, Map<string, Binding>>();
  readonly #wildcards = new Map<string, Binding[]>();
  /** Each import's resolved path, in the order the imports were given. */
  readonly resolvedImports: { path: string; seq: number; resolved_path: string | null }[] = [];

  constructor(
    files: readonly SymbolFileRow[],
    symbols: readonly SymbolRow[],
    imports: readonly ImportRow[],
    layout: ProjectLayout,
  ) {
    for (const f of files) this.#files.set(f.path, f);
    for (const s of symbols) {
      this.byId.set(s.symbol_id, s);
      inner(this.#byFile, s.path).set(s.qualified_name, s);
      push(this.#byName, `${s.language}\0${s.name}`, s);
      if (s.language === "go") {
        push(inner(this.#byFolder, posix.dirname(s.path)), s.qualified_name, s);
      }
      if (s.language === "php" && !s.qualified_name.includes(".")) push(this.#php, this.phpName(s), s);
    }
    const world = moduleWorldOf(
      files,
      symbols
        .filter((s) => s.language === "php" && !s.qualified_name.includes("."))
        .map((s) => ({ path: s.path, name: s.qualified_name, namespace: this.namespaceOf(s.path) })),
      layout,
    );
    for (const row of imports) {
      const language = this.languageOf(row.path);
      const module = resolveModule(language, row.path, row.source, row.imported, world);
      this.resolvedImports.push({ path: row.path, seq: row.seq, resolved_path: module?.path ?? null });
      const binding = { row, module, external: !module && !namesRepositoryCode(language, row.source, world) };
      if (row.imported === "*") push(this.#wildcards, row.path, binding);
      if (row.local_name === null) continue;
      const local = inner(this.#bindings, row.path);
      if (!local.has(row.local_name)) local.set(row.local_name, binding);
    }
  }

  languageOf(path: string): Language {
    return (this.#files.get(path)?.language ?? "typescript") as Language;
  }

  namespaceOf(path: string): string | null {
    return this.#files.get(path)?.namespace ?? null;
  }

  /** `Namespace\Name` of a top-level PHP symbol. */
  phpName(s: SymbolRow): string {
    const ns = this.namespaceOf(s.path);
    return ns ? `${ns}\\${s.qualified_name}` : s.qualified_name;
  }

  inFile(path: string, qualified: string): SymbolRow | undefined {
    return this.#byFile.get(path)?.get(qualified);
  }

  /** A qualified name in the Go package (folder) holding `path`, in any of its files. */
  inPackage(path: string, qualified: string): SymbolRow[] {
    return this.#byFolder.get(posix.dirname(path))?.get(qualified) ?? [];
  }

  /** Same, for a package folder as a Go import resolves it. */
  inFolder(folder: string, qualified: string): SymbolRow[] {
    return this.#byFolder.get(folder)?.get(qualified) ?? [];
  }

  named(language: Language, name: string, kinds: ReadonlySet<SymbolKind>): SymbolRow[] {
    return (this.#byName.get(`${language}\0${name}`) ?? []).filter((s) => kinds.has(s.kind));
  }

  php(fullName: string): SymbolRow[] {
    return this.#php.get(fullName) ?? [];
  }

  binding(path: string, local: string): Binding | undefined {
    return this.#bindings.get(path)?.get(local);
  }

  wildcards(path: string): readonly Binding[] {
    return this.#wildcards.get(path) ?? [];
  }

  /**
   * The scopes a name written inside `from` can come from, innermost first, ending with the file's top
   * level (""): enclosing functions and methods, never a class body (its members need `this`).
   */
  scopesOf(from: SymbolRow | undefined): string[] {
    const scopes: string[] = [];
    if (from) {
      const parts = from.qualified_name.split(".");
      for (let n = parts.length; n > 0; n--) {
        const scope = parts.slice(0, n).join(".");
        const symbol = this.inFile(from.path, scope);
        if (symbol && symbol.kind !== "class" && symbol.kind !== "interface") scopes.push(scope);
      }
    }
    scopes.push("");
    return scopes;
  }
}
