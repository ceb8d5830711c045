// What one instruction file becomes in a migration: rewritten to archon's block, removed, or kept and why.
import type { AdapterConfig } from "../adapters/adapter-config.js";
import { nestedRuleBlock, ruleBlock } from "../adapters/rule-block.js";
import { importLines, resolveImport } from "../knowledge/imports/formats/at-imports.js";
import { inCursorRules } from "../knowledge/imports/formats/cursor-rules.js";
import type { RuleFileReport } from "../knowledge/imports/import-rules.js";
import type { SourceAction, UnreachedAgent } from "./migration-plan.js";
import { filesReadBy, type ProjectTree } from "./native-context.js";
import { holdsForeignBlock, isRootFile, reducedText, sourceKind } from "./source-files.js";

/** Text outside archon's blocks that is more than blank lines, headings and `@path` imports. */
function saysSomething(text: string, own: readonly string[]): boolean {
  const rest = own.reduce((t, block) => t.replace(block, ""), text);
  return rest.split(/\r?\n/).some((l) => l.trim() !== "" && !/^#{1,6}\s/.test(l) && !/^@\S+$/.test(l.trim()));
}

/** What one source becomes once its units are in the knowledge base; `pending` holds some of its units. */
export function sourceAction(
  file: RuleFileReport,
  text: string,
  own: string[],
  pending: readonly string[],
  config: AdapterConfig,
): SourceAction {
  const path = file.file;
  const kind = sourceKind(path);
  if (kind === undefined)
    return {
      path,
      action: "keep",
      // A file in Cursor's rule folder that Cursor does not read: the import's note says so.
      reason: inCursorRules(path)
        ? file.notes.join("; ")
        : "archon migrate does not reduce this kind of file",
    };
  if (pending.length > 0)
    return {
      path,
      action: "keep",
      reason: `its rules wait in pending proposals (${pending.join(", ")}); approve or reject them, then run again`,
    };
  if (file.doc_ids.length === 0 && saysSomething(text, own))
    return {
      path,
      action: "keep",
      reason: `no rule could be read from it (${file.notes.join("; ") || "no units"})`,
    };
  if (kind === "rule-file")
    return holdsForeignBlock(text)
      ? { path, action: "keep", reason: "it holds another tool's marked block, which removing it would lose" }
      : { path, action: "remove" };
  const reduced = reducedText(path, text, isRootFile(path) ? ruleBlock(config) : nestedRuleBlock(config));
  return reduced === text ? { path, action: "unchanged" } : { path, action: "rewrite", text: reduced };
}

/**
 * The files an unreached agent reads natively (its CLAUDE.md imports included), each kept with why:
 * shrinking one would leave that agent a block that names tools it does not have, and none of its rules.
 */
export function guardedFiles(
  tree: ProjectTree,
  unreached: readonly UnreachedAgent[],
): Map<string, SourceAction> {
  const guarded = new Map<string, SourceAction>();
  for (const { agent, reason } of unreached)
    for (const path of filesReadBy(tree, agent))
      if (!guarded.has(path))
        guarded.set(path, {
          path,
          action: "keep",
          reason: `${agent} reads it and does not reach archon yet (${reason}); once it does, run archon migrate again`,
          agent,
        });
  return guarded;
}

/**
 * A link to another instruction file is that file: the target is migrated (or kept) on its own and the
 * link stays a link. A link to a file migration does not read on its own has its target rewritten in its
 * place; nothing is ever removed through a link.
 */
export function throughLink(
  link: string,
  target: string,
  discovered: boolean,
  action: SourceAction,
): SourceAction {
  if (discovered) return { path: link, action: "keep", reason: `a link to ${target}, migrated as that file` };
  if (action.action === "rewrite") return { ...action, path: target };
  if (action.action === "remove")
    return {
      path: link,
      action: "keep",
      reason: `a link to ${target}; archon removes no file through a link`,
    };
  return action;
}

/**
 * A rewritten CLAUDE.md or GEMINI.md keeps, after archon's block, each `@path` line that imports a file the
 * migration keeps: that file's rules were not moved, so the import is still how the agent reads them.
 */
export function withKeptImports(
  path: string,
  original: string,
  rewritten: string,
  kept: ReadonlySet<string>,
): string {
  if (!/(^|\/)(CLAUDE|GEMINI)\.md$/.test(path)) return rewritten;
  const lines = original.split(/\r?\n/);
  const keep = [...importLines(lines)]
    .filter(([, targets]) =>
      targets.some((t) => {
        const resolved = resolveImport(path, t);
        return "path" in resolved && kept.has(resolved.path);
      }),
    )
    .map(([i]) => lines[i] as string);
  return keep.length === 0 ? rewritten : `${rewritten}\n${keep.join("\n")}\n`;
}
