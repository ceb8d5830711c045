// `archon sync [--server URL] [--token TOKEN] [--json]`: make this database a replica of a team server,
// or bring the replica up to date, and push its outbox. Exit 1 (with the reason) when it could not.
import { syncReplica } from "../replica/sync-replica.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";
import { progressBar } from "./progress-bar.js";

export interface SyncFlags {
  server?: string;
  token?: string;
  json?: boolean;
}

export async function syncCommand(options: GlobalOptions, flags: SyncFlags): Promise<void> {
  const ctx = openContext(options);
  const progress = progressBar("Pulling versions");
  try {
    const report = await syncReplica(
      { db: ctx.kdb.db, clock: ctx.clock, ids: ctx.ids },
      {
        ...(flags.server ? { server: flags.server } : {}),
        ...(flags.token ? { token: flags.token } : {}),
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
    process.stdout.write(
      `Synced with ${report.server}: ${moved}; pushed ${report.pushed} observation(s), ${report.duplicates} duplicate(s)${rejected}.\n`,
    );
  } finally {
    progress.done();
    ctx.close();
  }
}
