// A doctor finding: what is wrong, how bad, and the ids to chase with get_document / get_edge.

export const SEVERITIES = ["error", "warning", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

export type CheckName =
  | "dead_edge"
  | "dependency_cycle"
  | "missing_source"
  | "stale_source"
  | "isolated_document"
  | "oversized_document"
  | "near_duplicate"
  | "co_change";

export interface Finding {
  severity: Severity;
  check: CheckName;
  message: string;
  doc_ids: string[];
  edge_ids: number[];
  /** Project files the finding is about (co-change suggestions). */
  files?: string[];
  /** Lexical similarity of a near-duplicate pair, 0..1. */
  similarity?: number;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Errors first, then by check, the ids involved and the message: the same scan prints the same list. */
export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
      cmp(a.check, b.check) ||
      (b.similarity ?? 0) - (a.similarity ?? 0) ||
      cmp(a.doc_ids.join("\0"), b.doc_ids.join("\0")) ||
      (a.edge_ids[0] ?? 0) - (b.edge_ids[0] ?? 0) ||
      cmp(a.edge_ids.join(","), b.edge_ids.join(",")) ||
      cmp(a.message, b.message),
  );
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity] += 1;
  return counts;
}
