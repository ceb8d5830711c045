// `archon sync [--server URL] [--token TOKEN] [--[no-]ship-audit] [--json]`: make this database a replica
// of a team server, or bring the replica up to date, push its outbox and, when opted in, ship its audit
// rows. Exit 1 (with the reason) when it could not.
import { syncReplica } from "../team/index.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";
import { progressBar } from "./progress-bar.js";

export interface SyncFlags {
  server?: string;
  token?: string;
  /** true for --ship-audit, false for --no-ship-audit, undefined for neither. */
  shipAudit?: boolean;
  json?: boolean;
}

export async function syncCommand(options: GlobalOptions, flags: SyncFlags): Promise<void> {
  const ctx = openContext(options, { creates: true });
  const progress = progressBar("Pulling versions");
  try {
    const report = await syncReplica(
      { db: ctx.kdb.db, clock: ctx.clock, ids: ctx.ids, projectRoot: ctx.projectRoot },
      {
        ...(flags.server ? { server: flags.server } : {}),
        ...(flags.token ? { token: flags.token } : {}),
        ...(flags.shipAudit !== undefined ? { shipAudit: flags.shipAudit } : {}),
        env: process.env,
        onProgress: (pulled, total) => progress.update(pulled, total),
      },
    );
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return;
    }
    const moved =
      report.to_version === report.from_version
        ? `already at knowledge_version ${report.to_version}`
        : `knowledge_version ${report.from_version} → ${report.to_version}`;
    const rejected = report.rejected > 0 ? `, ${report.rejected} refused by the server` : "";
    const shipped = report.shipped > 0 ? `; shipped ${report.shipped} audit row(s)` : "";
    const rules = report.rules_file_written ? "; rendered .archon/rules.md" : "";
    process.stdout.write(
      `Synced with ${report.server}: ${moved}; pushed ${report.pushed} observation(s), ${report.duplicates} duplicate(s)${rejected}${shipped}${rules}.\n${report.warnings.map((w) => `warning: ${w}\n`).join("")}`,
    );
  } finally {
    progress.done();
    ctx.close();
  }
}
