// archon stats
import { stats } from "../services/stats.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export function statsCommand(options: GlobalOptions, opts: { json?: boolean }): void {
  const ctx = openContext(options);
  try {
    const s = stats(ctx.kdb.db);
    if (opts.json) {
      process.stdout.write(`${JSON.stringify(s, null, 2)}\n`);
      return;
    }
    const pairs = (o: Record<string, number>) =>
      Object.entries(o)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ") || "none";
    process.stdout.write(
      [
        `database           ${options.db}`,
        `knowledge_version  ${s.knowledge_version}${s.latest_snapshot ? ` (snapshot ${s.latest_snapshot.snapshot_id}, knowledge_hash ${s.latest_snapshot.knowledge_hash ?? "not recorded"})` : ""}`,
        `documents          ${pairs(s.documents_by_status)}`,
        `approved by kind   ${pairs(s.documents_by_kind)}`,
        `edges              ${pairs(s.edges_by_type)}`,
        `layer rules        ${s.layer_rules}`,
        `tags               ${s.tags}`,
        `snapshots          ${s.snapshots}`,
        `compiles           ${s.compiles} (${s.failed_compiles} failed)`,
        "",
      ].join("\n"),
    );
  } finally {
    ctx.close();
  }
}
