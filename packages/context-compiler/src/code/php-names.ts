// PHP names resolved the way PHP reads them: a leading backslash is absolute, a first segment a `use`
// imported stands for what it imported, anything else is in the file's namespace.
import type { SymbolKind, SymbolRow } from "../store/symbols.js";
import { isBuiltinCall } from "./builtins.js";
import { type Bound, byName, CALLABLE, type Found, unbound } from "./found.js";
import type { SymbolWorld } from "./symbol-world.js";

/** A PHP name as the file's namespace and `use` imports make it, in the repository or outside. */
export function resolvePhpName(
  world: SymbolWorld,
  path: string,
  written: string,
  kinds: ReadonlySet<SymbolKind>,
): Found {
  let full: string;
  let via: Bound = "package";
  if (written.startsWith("\\")) full = written.slice(1);
  else {
    const [first, ...rest] = written.split("\\");
    const binding = world.binding(path, first as string);
    if (binding) {
      full = [binding.row.source, ...rest].join("\\");
      via = "import";
    } else {
      const ns = world.namespaceOf(path);
      full = ns ? `${ns}\\${written}` : written;
    }
  }
  const candidates = world.php(full).filter((s) => kinds.has(s.kind));
  if (candidates.length === 1) {
    const symbol = candidates[0] as SymbolRow;
    return { symbol, resolution: symbol.path === path ? "local" : via };
  }
  if (candidates.length > 1) return unbound("ambiguous", candidates.length);
  // A `use`d or fully qualified name the repository does not declare is a dependency's.
  if (via === "import" || written.startsWith("\\")) return unbound("external");
  const name = written.split("\\").at(-1) as string;
  if (kinds === CALLABLE && isBuiltinCall("php", name)) return unbound("external");
  return byName(world.named("php", name, kinds));
}
