// The approved knowledge as editor rules: each document with the globs it reaches files through, always-on, or "when relevant".
import type { Db } from "@archon/core";
import { approvedDocumentTexts } from "../../store/documents.js";
import { loadKnowledgeRows } from "../../store/load-knowledge.js";
import type { DocKind } from "../../vocabulary/knowledge-model.js";

/**
 * How an editor should load a rule: on every request, when a file matching `globs` is touched, or when
 * the agent judges the request matches `description` (the compile's plan match, in editor terms).
 */
export type RuleScope = "always" | "globs" | "relevant";

export interface ExportRule {
  doc_id: string;
  title: string;
  kind: DocKind;
  content: string;
  /** What a plan is matched against; set for every `relevant` rule, optional for the others. */
  description: string | null;
  scope: RuleScope;
  /** Sorted repo-relative globs; empty unless `scope` is `globs`. */
  globs: string[];
}

export interface SkippedDoc {
  doc_id: string;
  reason: string;
}

/** Globs that match every file of the project. */
const EVERYWHERE = new Set(["**", "**/*"]);

/**
 * Editors only know globs and descriptions, so every way a compile reaches a document is turned into
 * them: path_requires as written, layer_requires as the path patterns of that layer's rules,
 * doc_depends_on by giving a dependency the scope of every document that depends on it, and a
 * description (matched against the plan) as a "when relevant" rule. Templates (delivered only to
 * scaffold compiles) and documents nothing reaches (command-only, or no edge) are skipped with a reason.
 */
export function exportableRules(db: Db): { rules: ExportRule[]; skipped: SkippedDoc[] } {
  const { texts, rows } = db.transaction(() => ({
    texts: approvedDocumentTexts(db),
    rows: loadKnowledgeRows(db),
  }))();
  const described = new Map(rows.documents.map((d) => [d.doc_id, d.description]));
  const layers = new Map<string, string[]>();
  for (const r of rows.layer_rules)
    layers.set(r.layer_name, [...(layers.get(r.layer_name) ?? []), r.path_pattern]);

  const scope = new Map<string, Set<string>>(texts.map((d) => [d.doc_id, new Set<string>()]));
  const commandOnly = new Set<string>();
  for (const e of rows.edges) {
    const globs = scope.get(e.target_doc_id);
    if (!globs) continue;
    if (e.edge_type === "path_requires") globs.add(e.source_value);
    else if (e.edge_type === "layer_requires") for (const g of layers.get(e.source_value) ?? []) globs.add(g);
    else if (e.edge_type === "command_requires") commandOnly.add(e.target_doc_id);
  }
  // Dependencies inherit their dependents' scope until nothing grows (the DAG has no cycles: INV-2).
  const deps = rows.edges.filter((e) => e.edge_type === "doc_depends_on");
  for (let grew = true; grew; ) {
    grew = false;
    for (const e of deps) {
      const from = scope.get(e.source_value);
      const to = scope.get(e.target_doc_id);
      if (!from || !to) continue;
      for (const g of from)
        if (!to.has(g)) {
          to.add(g);
          grew = true;
        }
    }
  }

  const rules: ExportRule[] = [];
  const skipped: SkippedDoc[] = [];
  for (const doc of texts) {
    const globs = [...(scope.get(doc.doc_id) ?? [])].sort();
    const description = described.get(doc.doc_id)?.trim() || null;
    const base = { ...doc, description };
    if (doc.kind === "template") {
      skipped.push({ doc_id: doc.doc_id, reason: "a template: delivered only to scaffold compiles" });
    } else if (globs.some((g) => EVERYWHERE.has(g))) {
      rules.push({ ...base, scope: "always", globs: [] });
    } else if (globs.length > 0) {
      rules.push({ ...base, scope: "globs", globs });
    } else if (description !== null) {
      rules.push({ ...base, scope: "relevant", globs: [] });
    } else {
      skipped.push({
        doc_id: doc.doc_id,
        reason: commandOnly.has(doc.doc_id)
          ? "reached only through a command; editors have no equivalent"
          : "no edge reaches it",
      });
    }
  }
  return { rules, skipped };
}
