// The approved knowledge as editor rules: each document with the globs it reaches files through, or always-on.
import type { Db } from "@archon/core";
import { approvedDocumentTexts } from "../../store/documents.js";
import type { DocKind } from "../../store/schema.js";

export interface ExportRule {
  doc_id: string;
  title: string;
  kind: DocKind;
  content: string;
  /** Applies to every file: a `**` glob reaches it (directly or through a document depending on it). */
  always: boolean;
  /** Sorted repo-relative globs; empty when `always`. */
  globs: string[];
}

export interface SkippedDoc {
  doc_id: string;
  reason: string;
}

/** Globs that match every file of the project. */
const EVERYWHERE = new Set(["**", "**/*"]);

/**
 * Editors only know globs, so every way a compile reaches a document is turned into globs:
 * path_requires as written, layer_requires as the path patterns of that layer's rules, and
 * doc_depends_on by giving a dependency the scope of every document that depends on it. Templates
 * (delivered only to scaffold compiles) and documents no glob reaches (command-only, or no edge)
 * are skipped with a reason.
 */
export function exportableRules(db: Db): { rules: ExportRule[]; skipped: SkippedDoc[] } {
  const docs = approvedDocumentTexts(db);
  const edges = db
    .prepare(
      `SELECT edge_type, source_value, target_doc_id FROM edges WHERE status = 'approved'
       ORDER BY edge_type, source_value, target_doc_id`,
    )
    .all() as { edge_type: string; source_value: string; target_doc_id: string }[];
  const layers = new Map<string, string[]>();
  for (const r of db
    .prepare("SELECT path_pattern, layer_name FROM layer_rules ORDER BY path_pattern")
    .all() as { path_pattern: string; layer_name: string }[])
    layers.set(r.layer_name, [...(layers.get(r.layer_name) ?? []), r.path_pattern]);

  const scope = new Map<string, Set<string>>(docs.map((d) => [d.doc_id, new Set<string>()]));
  const commandOnly = new Set<string>();
  for (const e of edges) {
    const globs = scope.get(e.target_doc_id);
    if (!globs) continue;
    if (e.edge_type === "path_requires") globs.add(e.source_value);
    else if (e.edge_type === "layer_requires") for (const g of layers.get(e.source_value) ?? []) globs.add(g);
    else if (e.edge_type === "command_requires") commandOnly.add(e.target_doc_id);
  }
  // Dependencies inherit their dependents' scope until nothing grows (the DAG has no cycles: INV-2).
  const deps = edges.filter((e) => e.edge_type === "doc_depends_on");
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
  for (const doc of docs) {
    const globs = [...(scope.get(doc.doc_id) ?? [])].sort();
    if (doc.kind === "template") {
      skipped.push({ doc_id: doc.doc_id, reason: "a template: delivered only to scaffold compiles" });
    } else if (globs.length === 0) {
      skipped.push({
        doc_id: doc.doc_id,
        reason: commandOnly.has(doc.doc_id)
          ? "reached only through a command; editors have no equivalent"
          : "no edge reaches it",
      });
    } else {
      const always = globs.some((g) => EVERYWHERE.has(g));
      rules.push({ ...doc, always, globs: always ? [] : globs });
    }
  }
  return { rules, skipped };
}
