// archon maintenance: the gap-coverage preview of new observations; --reclaim-observations re-queues stale ones.
import { UserError } from "@archon/core";
import { type MaintenanceResult, maintenance } from "../knowledge/observations/maintenance.js";
import { observationsContext } from "../mcp/agent/observe.tool.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface MaintenanceFlags {
  reclaimObservations?: boolean;
  /** Raw flag text; checked here so main.ts does not have to load this module to parse it. */
  staleAfterDays?: string;
  json?: boolean;
}

export function parseStaleAfterDays(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const days = Number(value);
  if (value.trim() === "" || !Number.isFinite(days) || days < 0) {
    throw new UserError(`--stale-after-days must be a number of days, 0 or more, not "${value}".`);
  }
  return days;
}

/** The preview for a person: reclaimed ids, then one line per observation grouped by verdict. */
export function formatMaintenance(result: MaintenanceResult): string {
  const lines: string[] = [];
  if (result.reclaimed.length > 0) {
    lines.push(`Re-queued ${result.reclaimed.length} observation(s): ${result.reclaimed.join(", ")}`, "");
  }
  if (result.preview.length === 0) {
    lines.push("No new observations: process_observations has nothing to do.");
  } else {
    const { keep, drop, error } = result.totals;
    lines.push(`process_observations would keep ${keep}, drop ${drop}, fail on ${error}:`);
    for (const verdict of ["keep", "drop", "error"] as const) {
      for (const item of result.preview.filter((i) => i.verdict === verdict)) {
        lines.push(`  ${verdict.padEnd(5)} ${item.observation_id} (${item.event_type}): ${item.reason}`);
      }
    }
  }
  if (result.not_previewed > 0)
    lines.push(`${result.not_previewed} more new observation(s) were not previewed.`);
  return `${lines.join("\n")}\n`;
}

export function maintenanceCommand(
  options: GlobalOptions,
  flags: MaintenanceFlags,
  write: (text: string) => void = (text) => process.stdout.write(text),
): void {
  const staleAfterDays = parseStaleAfterDays(flags.staleAfterDays);
  const ctx = openContext(options);
  try {
    const result = maintenance(observationsContext(ctx), {
      reclaim_observations: flags.reclaimObservations ?? false,
      stale_after_days: staleAfterDays,
    });
    write(flags.json ? `${JSON.stringify(result, null, 2)}\n` : formatMaintenance(result));
  } finally {
    ctx.close();
  }
}
