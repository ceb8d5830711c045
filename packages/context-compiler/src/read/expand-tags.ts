// intent_tags → additional documents through tag_mappings; additive, never part of the base result.
import type { KnowledgeIndex } from "./knowledge-index.js";
import { termsOf } from "./relevance.js";

export interface TagExpansion {
  tags: string[];
  doc_ids: string[];
  warnings: string[];
}

/**
 * Explicit tags are used as given (`[]` opts out). When intent_tags is absent, catalogued tags named as
 * whole words in the plan are used. Documents already in the base result are not repeated.
 */
export function expandTags(
  index: KnowledgeIndex,
  intentTags: readonly string[] | undefined,
  plan: string | undefined,
  base: ReadonlyMap<string, unknown>,
): TagExpansion {
  const warnings: string[] = [];
  let tags: string[];
  if (intentTags !== undefined) {
    tags = [...new Set(intentTags)].sort();
    for (const tag of tags)
      if (!index.tags.has(tag)) warnings.push(`Intent tag "${tag}" is not in the tag catalog.`);
  } else if (plan !== undefined) {
    const words = termsOf(plan);
    tags = [...index.tags.keys()].filter((tag) => [...termsOf(tag)].every((t) => words.has(t))).sort();
  } else {
    tags = [];
  }
  const ids = new Set<string>();
  for (const tag of tags) for (const id of index.tags.get(tag) ?? []) if (!base.has(id)) ids.add(id);
  return { tags, doc_ids: [...ids].sort(), warnings };
}
