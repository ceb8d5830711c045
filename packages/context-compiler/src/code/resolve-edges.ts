// The batch resolution pass: every edge of the index bound to a symbol, or left unbound with the reason, in
// one pass over the whole index. Honest by construction: a same-named symbol elsewhere is bound only as
// `name`, and only when it is the one symbol of that name; a name an external import binds never is.
import type {
  EdgeRow,
  EdgeTarget,
  ImportRow,
  SymbolFileRow,
  SymbolKind,
  SymbolRow,
} from "../store/symbols.js";
import { isBuiltinCall, isBuiltinReceiver } from "./builtins.js";
import {
  type Bound,
  byName,
  CALLABLE,
  CONSTRUCTORS,
  type Found,
  MAX_BASE_DEPTH,
  METHODS,
  one,
  TYPES,
  unbound,
  weaker,
} from "./found.js";
import type { Language } from "./languages.js";
import type { ProjectLayout } from "./module-paths.js";
import { resolvePhpName } from "./php-names.js";
import { type Binding, SymbolWorld } from "./symbol-world.js";

export interface ResolverInput {
  files: readonly SymbolFileRow[];
  symbols: readonly SymbolRow[];
  edges: readonly EdgeRow[];
  imports: readonly ImportRow[];
  layout: ProjectLayout;
}

export interface ResolverOutput {
  edges: EdgeTarget[];
  imports: { path: string; seq: number; resolved_path: string | null }[];
}

export function resolveIndex(input: ResolverInput): ResolverOutput {
  const world = new SymbolWorld(input.files, input.symbols, input.imports, input.layout);
  const resolver = new EdgeResolver(world);
  // Base classes first: `this.m()` and `super.m()` follow them.
  const heritage = input.edges.filter((e) => e.edge_type !== "calls");
  const targets = new Map<EdgeRow, EdgeTarget>();
  for (const edge of heritage) targets.set(edge, resolver.target(edge, resolver.type(edge)));
  for (const edge of heritage) {
    const t = targets.get(edge) as EdgeTarget;
    if (edge.from_symbol_id !== null && t.to_symbol_id !== null)
      resolver.addBase(edge.from_symbol_id, t.to_symbol_id, t.resolution as Bound);
  }
  for (const edge of input.edges)
    if (edge.edge_type === "calls") targets.set(edge, resolver.target(edge, resolver.call(edge)));
  return { edges: input.edges.map((e) => targets.get(e) as EdgeTarget), imports: world.resolvedImports };
}

class EdgeResolver {
  readonly #bases = new Map<string, { id: string; resolution: Bound }[]>();
  constructor(private readonly world: SymbolWorld) {}

  addBase(classId: string, baseId: string, resolution: Bound): void {
    const list = this.#bases.get(classId) ?? [];
    list.push({ id: baseId, resolution });
    this.#bases.set(classId, list);
  }

  target(edge: EdgeRow, found: Found): EdgeTarget {
    const key = { path: edge.path, seq: edge.seq };
    if ("symbol" in found)
      return { ...key, to_symbol_id: found.symbol.symbol_id, resolution: found.resolution, candidates: 1 };
    return { ...key, to_symbol_id: null, resolution: found.resolution, candidates: found.candidates };
  }

  /** A base class or interface named in a heritage clause. */
  type(edge: EdgeRow): Found {
    const language = this.world.languageOf(edge.path);
    if (language === "php") return resolvePhpName(this.world, edge.path, edge.to_name, TYPES);
    if (edge.qualifier !== null)
      return (
        this.member(edge.path, edge.qualifier, edge.to_name, TYPES) ??
        byName(this.world.named(language, edge.to_name, TYPES))
      );
    return this.plain(edge, language, TYPES);
  }

  call(edge: EdgeRow): Found {
    const language = this.world.languageOf(edge.path);
    const found = this.callTarget(edge, language);
    if (!("symbol" in found)) return found;
    const symbol = this.constructorOf(found.symbol);
    // Found through the package, but in the caller's own file after all.
    return {
      symbol,
      resolution: found.resolution === "package" && symbol.path === edge.path ? "local" : found.resolution,
    };
  }

  callTarget(edge: EdgeRow, language: Language): Found {
    const from = edge.from_symbol_id === null ? undefined : this.world.byId.get(edge.from_symbol_id);
    const q = edge.qualifier;
    if (q === "this" || q === "super") {
      const cls = this.classOf(from);
      const found = cls && this.method(cls, edge.to_name, q === "super");
      return found ?? this.methodByName(language, edge.to_name);
    }
    if (q === "") return this.methodByName(language, edge.to_name);
    if (q !== null) {
      if (language === "php") {
        const cls = resolvePhpName(this.world, edge.path, q, TYPES);
        if (!("symbol" in cls))
          return cls.resolution === "external" ? cls : this.methodByName(language, edge.to_name);
        return (
          this.method(cls.symbol, edge.to_name, false, cls.resolution) ??
          this.methodByName(language, edge.to_name)
        );
      }
      const local = this.world.inFile(edge.path, q);
      if (local && TYPES.has(local.kind))
        return this.method(local, edge.to_name, false, "local") ?? this.methodByName(language, edge.to_name);
      const member = this.member(edge.path, q, edge.to_name, CALLABLE);
      if (member) return member;
      if (isBuiltinReceiver(language, q)) return unbound("external");
      return this.methodByName(language, edge.to_name);
    }
    if (language === "php") return resolvePhpName(this.world, edge.path, edge.to_name, CALLABLE);
    return this.plain(edge, language, CALLABLE, from);
  }

  /** A name written alone: its scopes in the file, then imports, then the Go package, then by name. */
  plain(edge: EdgeRow, language: Language, kinds: ReadonlySet<SymbolKind>, from?: SymbolRow): Found {
    const name = edge.to_name;
    for (const scope of this.world.scopesOf(from)) {
      const hit = this.world.inFile(edge.path, scope === "" ? name : `${scope}.${name}`);
      if (hit && kinds.has(hit.kind)) return { symbol: hit, resolution: "local" };
    }
    const binding = this.world.binding(edge.path, name);
    if (binding) {
      if (binding.external) return unbound("external");
      const hit =
        binding.module && binding.module.binds === "member"
          ? this.exported(
              binding,
              binding.row.imported === "default" ? name : (binding.row.imported ?? name),
              kinds,
            )
          : undefined;
      if (hit) return hit;
    }
    for (const wildcard of this.world.wildcards(edge.path)) {
      const hit = wildcard.module ? this.exported(wildcard, name, kinds) : undefined;
      if (hit) return hit;
    }
    if (language === "go") {
      const found = one(
        this.world.inPackage(edge.path, name).filter((s) => kinds.has(s.kind)),
        "package",
      );
      if (found) return found;
    }
    if (edge.edge_type === "calls" && isBuiltinCall(language, name)) return unbound("external");
    return byName(this.world.named(language, name, kinds));
  }

  /** `q.name` where q is an import binding: a member of the module it names. */
  member(path: string, qualifier: string, name: string, kinds: ReadonlySet<SymbolKind>): Found | undefined {
    const binding =
      this.world.binding(path, qualifier) ?? this.world.binding(path, qualifier.split(".")[0] as string);
    if (!binding) return undefined;
    if (binding.external) return unbound("external");
    if (!binding.module) return undefined;
    if (binding.module.binds === "module") return this.exported(binding, name, kinds);
    // An imported class: `User.find()` is a static method of it.
    const cls = this.exported(binding, binding.row.imported ?? qualifier, TYPES);
    return cls && "symbol" in cls ? (this.method(cls.symbol, name, false, "import") ?? undefined) : undefined;
  }

  /** A top-level symbol of the module an import resolved to (a file, or a Go package folder). */
  exported(binding: Binding, name: string, kinds: ReadonlySet<SymbolKind>): Found | undefined {
    const module = binding.module;
    if (!module) return undefined;
    if (this.world.languageOf(binding.row.path) === "go")
      return one(
        this.world.inFolder(module.path, name).filter((s) => kinds.has(s.kind)),
        "import",
      );
    const hit = this.world.inFile(module.path, name);
    return hit && kinds.has(hit.kind) ? { symbol: hit, resolution: "import" } : undefined;
  }

  /** `cls.name` in the class's file (Go: its package), else up its bases; `skipSelf` starts at the bases. */
  method(cls: SymbolRow, name: string, skipSelf: boolean, via: Bound = "local"): Found | undefined {
    const seen = new Set<string>();
    let level: { cls: SymbolRow; via: Bound }[] = [{ cls, via }];
    for (let depth = 0; depth <= MAX_BASE_DEPTH && level.length > 0; depth++) {
      const next: { cls: SymbolRow; via: Bound }[] = [];
      for (const at of level) {
        if (seen.has(at.cls.symbol_id)) continue;
        seen.add(at.cls.symbol_id);
        if (!(skipSelf && depth === 0)) {
          const qualified = `${at.cls.qualified_name}.${name}`;
          const hit = this.world.inFile(at.cls.path, qualified);
          if (hit) return { symbol: hit, resolution: at.via };
          if (at.cls.language === "go") {
            const found = one(this.world.inPackage(at.cls.path, qualified), "package");
            if (found) return found;
          }
        }
        for (const base of this.#bases.get(at.cls.symbol_id) ?? []) {
          const b = this.world.byId.get(base.id);
          if (b) next.push({ cls: b, via: weaker(at.via, base.resolution) });
        }
      }
      level = next.sort((a, b) => (a.cls.symbol_id < b.cls.symbol_id ? -1 : 1));
    }
    return undefined;
  }

  methodByName(language: Language, name: string): Found {
    return byName(this.world.named(language, name, METHODS));
  }

  /** The class a method (or a function nested in one) belongs to; Go: its receiver type, in the package. */
  classOf(from: SymbolRow | undefined): SymbolRow | undefined {
    if (!from?.container) return undefined;
    const here = this.world.inFile(from.path, from.container);
    if (here) return here;
    if (from.language !== "go") return undefined;
    const inPackage = this.world.inPackage(from.path, from.container);
    // A receiver type declared in no indexed file still groups its methods: stand in with the method itself.
    return inPackage[0] ?? { ...from, qualified_name: from.container, kind: "class" };
  }

  /** Calling a class runs its constructor, when the class declares one. */
  constructorOf(symbol: SymbolRow): SymbolRow {
    if (symbol.kind !== "class") return symbol;
    for (const name of CONSTRUCTORS) {
      const ctor = this.world.inFile(symbol.path, `${symbol.qualified_name}.${name}`);
      if (ctor) return ctor;
    }
    return symbol;
  }
}
