// The audit log's size and age for doctor, with the nudge toward prune-log once it is past a threshold.
import type { Clock, Db } from "@archon/core";
import { auditSize } from "../store/audit-reads.js";

/** Past either, doctor suggests prune-log: the log then costs more to scan than its old rows are worth. */
export const AUDIT_THRESHOLDS = { rows: 50_000, age_days: 180 } as const;

export interface AuditLogReport {
  compiles: number;
  deliveries: number;
  approx_bytes: number;
  oldest: string | null;
  age_days: number;
  aggregate_rows: number;
  /** The command to run, when the log is past a threshold; null otherwise. */
  suggestion: string | null;
}

export function auditLogReport(db: Db, clock: Clock): AuditLogReport {
  const size = auditSize(db);
  const age_days = size.oldest
    ? Math.max(0, Math.floor((clock.now().getTime() - new Date(size.oldest).getTime()) / 86_400_000))
    : 0;
  const over = size.compiles > AUDIT_THRESHOLDS.rows || age_days > AUDIT_THRESHOLDS.age_days;
  return {
    compiles: size.compiles,
    deliveries: size.deliveries,
    approx_bytes: size.approx_bytes,
    oldest: size.oldest,
    age_days,
    aggregate_rows: size.aggregate_rows,
    suggestion: over ? `archon prune-log --older-than ${AUDIT_THRESHOLDS.age_days / 2}` : null,
  };
}

export function formatAuditLog(r: AuditLogReport): string[] {
  const lines = [
    `audit log: ${r.compiles} compile(s), ${r.deliveries} delivery row(s), about ${Math.round(r.approx_bytes / 1024)} KiB, oldest ${r.oldest ?? "-"} (${r.age_days} days); ${r.aggregate_rows} aggregate row(s)`,
  ];
  if (r.suggestion)
    lines.push(
      `  past ${AUDIT_THRESHOLDS.rows} rows or ${AUDIT_THRESHOLDS.age_days} days: fold the old rows into aggregates with \`${r.suggestion}\` (pick the days to keep; eval still counts the folded ones)`,
    );
  return lines;
}
