// What a compile says about the knowledge and the request around its result: the warnings that do not
// come from a step of their own (tags and relevance say theirs where they run).
import type { KnowledgeIndex } from "./knowledge-index.js";

/** Said before anything is resolved: what the knowledge itself cannot deliver. */
export function knowledgeWarnings(index: KnowledgeIndex): string[] {
  const warnings: string[] = [];
  // A glob stored before globs were checked matches nothing (glob-index.ts); say so rather than hide it.
  for (const { pattern, problem } of [...index.pathEdges.refused(), ...index.layerRules.refused()])
    warnings.push(`Glob "${pattern}" ${problem}: it matches nothing until it is rewritten.`);
  if (index.docs.size === 0) {
    warnings.push(
      "Project not initialized: the knowledge base has no approved documents. Seed it with `archon seed archon.seed.yaml`, or import the rules agents already read with `archon import-rules`.",
    );
  }
  return warnings;
}

/** Said after resolution: target files no edge reached, and a command no edge names. */
export function coverageWarnings(
  index: KnowledgeIndex,
  files: readonly string[],
  wiredFiles: ReadonlySet<string>,
  command: string | undefined,
): string[] {
  const warnings: string[] = [];
  for (const file of files) {
    if (!wiredFiles.has(file)) warnings.push(`No approved document is wired to ${file} (by path or layer).`);
  }
  // `scaffold` unlocks templates without naming an edge, so it is never unknown.
  if (command !== undefined && command !== "scaffold" && !index.commandEdges.has(command)) {
    warnings.push(`Command "${command}" matches no command_requires edge.`);
  }
  return warnings;
}
