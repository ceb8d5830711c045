// Where a Python project keeps its packages, as its own configuration says: the folders an absolute import
// (`from app.service import x`) starts from. Read from pyproject.toml (setuptools, poetry, hatch, pdm,
// maturin, uv), setup.cfg and setup.py; the layout (`src/`) is looked at in module-world.ts.
import { posix } from "node:path";
import { parse } from "smol-toml";

const CONFIGS = new Set(["pyproject.toml", "setup.cfg", "setup.py"]);

/** Whether a repository file is a Python build configuration that can name package roots. */
export const isPythonConfig = (path: string) => CONFIGS.has(posix.basename(path));

/** A folder written in a config at `dir`, as a repository path ("" for the root); undefined if it leaves. */
function folderAt(dir: string, written: string): string | undefined {
  if (written.startsWith("/") || /^[A-Za-z]:/.test(written)) return undefined;
  const normal = posix
    .normalize(posix.join(dir === "." ? "" : dir, written.trim()) || ".")
    .replace(/\/$/, "");
  if (normal === ".." || normal.startsWith("../")) return undefined;
  return normal === "." ? "" : normal;
}

/** The root above a package folder written as a path (`src/app` holds package `app`, so `src` is the root). */
function rootAbove(packagePath: string, packageName: string): string | undefined {
  const tail = packageName.replace(/\./g, "/");
  if (packagePath === tail) return "";
  return packagePath.endsWith(`/${tail}`) ? packagePath.slice(0, -tail.length - 1) : undefined;
}

/** The roots a `{ "" = "src", "app" = "lib/app" }` mapping of package names to folders implies. */
function packageDirRoots(map: Record<string, string>): string[] {
  return Object.entries(map).flatMap(([name, folder]) => {
    const root = name === "" ? folder : rootAbove(folder.replace(/\/$/, ""), name);
    return root === undefined ? [] : [root];
  });
}

const strings = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value)
      ? value.filter((v): v is string => typeof v === "string")
      : [];
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const table = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const stringMap = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(table(value)).filter((e): e is [string, string] => typeof e[1] === "string"),
  );

function pyprojectRoots(text: string): string[] {
  const tool = table(parse(text).tool);
  const setuptools = table(tool.setuptools);
  const poetry = list(table(tool.poetry).packages).map(table);
  const wheel = table(table(table(table(tool.hatch).build).targets).wheel);
  return [
    ...strings(table(table(setuptools.packages).find).where),
    ...packageDirRoots(stringMap(setuptools["package-dir"])),
    ...poetry.flatMap((p) =>
      typeof p.from === "string" ? [p.from] : typeof p.include === "string" ? [posix.dirname(p.include)] : [],
    ),
    ...strings(wheel.packages).map((p) => posix.dirname(p.replace(/\/$/, ""))),
    ...strings(table(table(tool.pdm).build)["package-dir"]),
    ...strings(table(tool.maturin)["python-source"]),
    ...strings(table(table(tool.uv)["build-backend"])["module-root"]),
  ];
}

/** `[options] package_dir` and `[options.packages.find] where` of a setup.cfg (INI, values may continue). */
function setupCfgRoots(text: string): string[] {
  const values = new Map<string, string>();
  let section = "";
  let key: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s[#;].*$/, "");
    if (/^\s*([#;]|$)/.test(line)) continue;
    const header = /^\[([^\]]+)\]/.exec(line);
    if (header) {
      section = (header[1] as string).trim();
      key = undefined;
    } else if (/^\s/.test(line) && key !== undefined) values.set(key, `${values.get(key)}\n${line.trim()}`);
    else {
      const entry = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(line);
      key = entry ? `${section}\0${(entry[1] as string).trim()}` : undefined;
      if (entry && key !== undefined) values.set(key, (entry[2] as string).trim());
    }
  }
  const packageDir: Record<string, string> = {};
  for (const item of (values.get("options\0package_dir") ?? "").split(/[\n,]/)) {
    const at = item.indexOf("=");
    if (at >= 0) packageDir[item.slice(0, at).trim()] = item.slice(at + 1).trim();
  }
  const where = values.get("options.packages.find\0where");
  return [...packageDirRoots(packageDir), ...(where ? where.split(/\s+/).filter((w) => w !== "") : [])];
}

/** `package_dir={"": "src"}` and `find_packages("src")` / `find_packages(where="src")` in a setup.py. */
function setupPyRoots(text: string): string[] {
  const packageDir: Record<string, string> = {};
  const dict = /package_dir\s*=\s*\{([^}]*)\}/.exec(text)?.[1] ?? "";
  for (const m of dict.matchAll(/["']([^"']*)["']\s*:\s*["']([^"']+)["']/g))
    packageDir[m[1] as string] = m[2] as string;
  const found = [...text.matchAll(/find_(?:namespace_)?packages\(\s*(?:where\s*=\s*)?["']([^"']+)["']/g)];
  return [...packageDirRoots(packageDir), ...found.map((m) => m[1] as string)];
}

/**
 * The package roots one config file names, as repository folders, sorted. A config that cannot be read as
 * its format names none: imports then resolve as if it were absent.
 */
export function configuredPythonRoots(path: string, text: string): string[] {
  const name = posix.basename(path);
  let written: string[];
  try {
    written =
      name === "pyproject.toml"
        ? pyprojectRoots(text)
        : name === "setup.cfg"
          ? setupCfgRoots(text)
          : setupPyRoots(text);
  } catch {
    written = [];
  }
  const dir = posix.dirname(path);
  const roots = written.flatMap((w) => {
    const folder = folderAt(dir, w);
    return folder === undefined ? [] : [folder];
  });
  return [...new Set(roots)].sort();
}
