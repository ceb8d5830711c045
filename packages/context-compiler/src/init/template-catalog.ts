// The bundled templates: one folder per template, one <version>.yaml per version kept, newest by semver.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { packagePath } from "../package-files.js";
import { parseTemplateText, SEMVER_PATTERN, type TemplateSpec } from "./template-file.js";

/** The package's templates/ folder. */
export const defaultTemplatesDir = (): string => packagePath("templates");

/** Orders "1.2.10" after "1.2.9". */
export function compareSemver(a: string, b: string): number {
  const pa = SEMVER_PATTERN.exec(a);
  const pb = SEMVER_PATTERN.exec(b);
  if (!pa || !pb) throw new UserError(`Not a semantic version: "${pa ? b : a}".`);
  for (let i = 1; i <= 3; i++) {
    const diff = Number(pa[i]) - Number(pb[i]);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Every bundled template name with its versions, oldest first; names sorted. Unreadable folders give none. */
export function bundledVersions(templatesDir: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let names: string[];
  try {
    names = readdirSync(templatesDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch {
    return out;
  }
  for (const name of names) {
    const versions = readdirSync(join(templatesDir, name))
      .filter((f) => f.endsWith(".yaml") && SEMVER_PATTERN.test(f.slice(0, -".yaml".length)))
      .map((f) => f.slice(0, -".yaml".length))
      .sort(compareSemver);
    if (versions.length > 0) out.set(name, versions);
  }
  return out;
}

/** One template version (the newest when none is given), parsed and checked. */
export function loadTemplate(templatesDir: string, name: string, version?: string): TemplateSpec {
  const versions = bundledVersions(templatesDir).get(name);
  if (!versions) {
    const known = [...bundledVersions(templatesDir).keys()];
    throw new UserError(
      // Not the folder: by default it is archon's own install path, which answers do not disclose.
      `No bundled template "${name}".`,
      known.length > 0 ? `Known templates: ${known.join(", ")}.` : "The templates folder holds no template.",
      "template",
    );
  }
  const wanted = version ?? (versions[versions.length - 1] as string);
  if (!versions.includes(wanted)) {
    throw new UserError(
      `Template ${name} ${wanted} is not bundled (bundled: ${versions.join(", ")}).`,
      "An upgrade diffs against the version that was applied; keep every released version's file in the templates folder.",
      "template",
    );
  }
  const origin = `${name}/${wanted}.yaml`;
  const spec = parseTemplateText(readFileSync(join(templatesDir, name, `${wanted}.yaml`), "utf8"), origin);
  if (spec.name !== name || spec.version !== wanted) {
    throw new UserError(
      `Template ${origin} declares ${spec.name} ${spec.version}; the folder and file name must agree with it.`,
    );
  }
  return spec;
}

// Bundled files do not change while a process runs, and notices ask on every compile: read the folder once.
const newestCache = new Map<string, ReadonlyMap<string, string>>();

/** The newest version of each bundled template, read once per folder per process. */
export function newestBundledVersions(templatesDir: string): ReadonlyMap<string, string> {
  let newest = newestCache.get(templatesDir);
  if (!newest) {
    newest = new Map(
      [...bundledVersions(templatesDir)].map(([name, versions]) => [name, versions.at(-1) as string]),
    );
    newestCache.set(templatesDir, newest);
  }
  return newest;
}
