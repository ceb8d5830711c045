// archon sync-init-manifest: the CLI form of sync_init_manifest, for after a template upgrade bundle was
// decided; setup calls the same service on its own.

import { writeContext } from "../context/archon-context.js";
import { syncInitManifest } from "../init/sync-init-manifest.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export function syncInitManifestCommand(options: GlobalOptions, opts: { json?: boolean }): void {
  const ctx = openContext(options);
  try {
    const result = syncInitManifest(writeContext(ctx), ctx.init.templatesDir);
    if (opts.json) {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      return;
    }
    const kept =
      result.user_modified.length > 0 ? `; left to their users: ${result.user_modified.join(", ")}` : "";
    process.stdout.write(
      result.changed
        ? `Template ${result.template} ${result.to_version} recorded as applied (was ${result.from_version})${kept}.\n`
        : `Template ${result.template} ${result.to_version} is already recorded; nothing changed.\n`,
    );
  } finally {
    ctx.close();
  }
}
