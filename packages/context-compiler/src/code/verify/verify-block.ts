// The machine-checkable part of a constraint document: a fenced ```verify YAML block. A document without
// one is not checked; a malformed one gives a warning that names the document, never a failure.
import { createRequire } from "node:module";
import { z } from "zod";
import { globProblem, isGlobSegment } from "../../read/glob.js";

const require = createRequire(import.meta.url);
/** yaml loads with the first verify block read, not at import: a server starts without it. */
const parseYaml = (text: string): unknown => (require("yaml") as typeof import("yaml")).parse(text);

export interface VerifyRules {
  /** Modules (`axios`, `App\Models`, `database/sql`) or repo path globs (`src/db/**`) a file may not import. */
  forbid_import: string[];
  /** Globs, with {dir} {name} {ext} {file} taken from the changed file, one changed file must match each. */
  require_companion: string[];
}

const schema = z
  .object({
    forbid_import: z.array(z.string().trim().min(1)).optional(),
    require_companion: z.array(z.string().trim().min(1)).optional(),
  })
  .strict();

const FENCE = /^(`{3,}|~{3,})[ \t]*verify[ \t]*\r?\n([\s\S]*?)^\1[ \t]*$/gm;

/** The placeholders a companion glob may use, filled from the file that triggered the rule. */
export function fillCompanion(pattern: string, file: string): string {
  const slash = file.lastIndexOf("/");
  const dir = slash < 0 ? "" : file.slice(0, slash);
  const base = file.slice(slash + 1);
  const dot = base.lastIndexOf(".");
  const name = dot > 0 ? base.slice(0, dot) : base;
  const ext = dot > 0 ? base.slice(dot + 1) : "";
  const filled = pattern.replace(/\{(dir|name|ext|file)\}/g, (_, key: string) =>
    key === "dir" ? dir : key === "name" ? name : key === "ext" ? ext : file,
  );
  return filled.replace(/\/{2,}/g, "/").replace(/^\//, "");
}

/**
 * The files a companion rule asks for, as a glob (placeholders widened): such a file is a companion, not a
 * trigger, so a changed test does not itself need a test.
 */
export const companionShape = (pattern: string) =>
  pattern
    .replace(/\{dir\}\//g, "**/")
    .replace(/\{(dir|file)\}/g, "**")
    .replace(/\{(name|ext)\}/g, "*");

/** A forbid_import entry with glob syntax is matched as a glob; others as a module name or a path prefix. */
export const isGlobRule = (entry: string) => isGlobSegment(entry);

export type VerifyBlock = { rules: VerifyRules } | { warning: string } | undefined;

/** The rules of a document's verify blocks (all of them, merged), a warning, or undefined without one. */
export function readVerifyBlock(docId: string, content: string): VerifyBlock {
  const blocks = [...content.matchAll(FENCE)].map((m) => m[2] as string);
  if (blocks.length === 0) return undefined;
  const rules: VerifyRules = { forbid_import: [], require_companion: [] };
  for (const body of blocks) {
    let data: unknown;
    try {
      data = parseYaml(body);
    } catch (error) {
      return {
        warning: `${docId}: its verify block is not valid YAML (${firstLine(error)}); it was not checked.`,
      };
    }
    const parsed = schema.safeParse(data ?? {});
    if (!parsed.success) {
      const issues = parsed.error.issues
        .map((i) => `${i.path.join(".") || "the block"}: ${i.message}`)
        .join("; ");
      return {
        warning: `${docId}: its verify block is malformed (${issues}); it takes forbid_import and require_companion, each a list of strings. It was not checked.`,
      };
    }
    rules.forbid_import.push(...(parsed.data.forbid_import ?? []));
    rules.require_companion.push(...(parsed.data.require_companion ?? []));
  }
  if (rules.forbid_import.length + rules.require_companion.length === 0)
    return {
      warning: `${docId}: its verify block lists no forbid_import or require_companion; nothing was checked.`,
    };
  const bad = [
    ...rules.forbid_import.filter(isGlobRule).map((g) => [g, globProblem(g)] as const),
    ...rules.require_companion.map((g) => [g, globProblem(fillCompanion(g, "dir/name.ext"))] as const),
  ].find(([, problem]) => problem !== undefined);
  if (bad)
    return {
      warning: `${docId}: its verify block has the glob "${bad[0]}", which ${bad[1]}; it was not checked.`,
    };
  return { rules };
}

const firstLine = (error: unknown) => String((error as Error).message ?? error).split("\n")[0];
