// A compile result as a person reads it in a terminal.
import { answeredDocs, type DeliveredDoc } from "../read/compile.js";
import type { CompileResponse } from "../services/compile-service.js";

function docLine(doc: DeliveredDoc): string {
  const where =
    doc.delivery === "deferred"
      ? ` → read ${doc.source_path}`
      : doc.delivery === "omitted"
        ? ` (${doc.omit_reason})`
        : "";
  const rel = doc.relevance !== undefined ? ` relevance ${doc.relevance}` : "";
  return `  [${doc.delivery.padEnd(8)}] ${doc.doc_id} · ${doc.kind} · ${doc.content_bytes} B${rel}${where}\n             ${doc.title}`;
}

export function formatCompile(r: CompileResponse): string {
  const out: string[] = [
    `compile ${r.compile_id} · knowledge_version ${r.knowledge_version} · snapshot ${r.snapshot_id ?? "none"}`,
    `inline ${r.budget.inline_bytes} of ${r.budget.max_inline_bytes} bytes (content_mode ${r.budget.content_mode})`,
    "",
    `Documents (${r.base.documents.length}):`,
    ...r.base.documents.map(docLine),
  ];
  if (r.base.templates.length > 0)
    out.push("", `Templates (${r.base.templates.length}):`, ...r.base.templates.map(docLine));
  if (r.expanded) {
    out.push(
      "",
      `Expanded by tags ${r.expanded.tags.join(", ")} (${r.expanded.documents.length}):`,
      ...r.expanded.documents.map(docLine),
    );
  }
  const inline = answeredDocs(r).filter((d) => d.content !== undefined);
  for (const doc of inline) out.push("", `── ${doc.doc_id}: ${doc.title}`, (doc.content ?? "").trimEnd());
  if (r.warnings.length > 0) out.push("", "Warnings:", ...r.warnings.map((w) => `  - ${w}`));
  if (r.notices.length > 0) out.push("", "Notices:", ...r.notices.map((n) => `  - ${n}`));
  if (r.suggestions)
    out.push(
      "",
      `Maybe related (${r.suggestions.source} suggestions, not wired to these files):`,
      ...r.suggestions.documents.map((d) => `  - ${d.doc_id}: ${d.title}`),
    );
  if (r.debug_info) out.push("", "Debug:", JSON.stringify(r.debug_info, null, 2));
  return `${out.join("\n")}\n`;
}
