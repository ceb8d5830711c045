// The project's own rules for the files a feature touches: exactly what compile_context would deliver for
// them (the pure compile over the live knowledge index), cut to a bounded excerpt per rule, cited by doc_id.
import type { Db } from "@archon/core";
import { compile } from "../read/compile.js";
import { cachedDocText } from "../read/doc-text.js";
import { buildIndex } from "../read/knowledge-index.js";
import { readContent } from "../store/documents.js";
import { loadKnowledge } from "../store/load-knowledge.js";

export const RULE_EXCERPT_CHARS = 600;
export const MAX_RULES = 12;

export interface ProjectRule {
  doc_id: string;
  title: string;
  kind: string;
  /** The start of the rule's text; the whole rule is in the knowledge base under doc_id. */
  excerpt: string;
  /** How compile_context would hand it over for these files. */
  delivery: "inline" | "deferred" | "omitted";
  source_path: string | null;
}

export interface RulesForFiles {
  knowledge_version: number;
  rules: ProjectRule[];
  warnings: string[];
}

/** `files` are repo-relative paths; `plan` (the feature text) ranks and widens the selection as it does for agents. */
export function rulesForFiles(db: Db, files: readonly string[], plan?: string): RulesForFiles {
  const { rows } = loadKnowledge(db);
  const index = buildIndex(rows);
  const targets = [...new Set(files)].sort();
  if (targets.length === 0 && plan === undefined)
    return { knowledge_version: rows.knowledge_version, rules: [], warnings: [] };
  const text = cachedDocText((hash) => readContent(db, hash) ?? "");
  const outcome = compile(
    index,
    { target_files: targets, ...(plan !== undefined ? { plan } : {}) },
    targets,
    [],
    text,
  );
  const delivered = [...outcome.base.documents, ...(outcome.expanded?.documents ?? [])];
  const seen = new Set<string>();
  const rules: ProjectRule[] = [];
  for (const doc of delivered) {
    if (seen.has(doc.doc_id) || rules.length >= MAX_RULES) continue;
    seen.add(doc.doc_id);
    const indexed = index.docs.get(doc.doc_id);
    const body = doc.content ?? (indexed ? text.content(indexed) : "");
    rules.push({
      doc_id: doc.doc_id,
      title: doc.title,
      kind: doc.kind,
      excerpt: body.replace(/\s+/g, " ").trim().slice(0, RULE_EXCERPT_CHARS),
      delivery: doc.delivery,
      source_path: doc.source_path ?? null,
    });
  }
  return { knowledge_version: outcome.knowledge_version, rules, warnings: outcome.warnings };
}
