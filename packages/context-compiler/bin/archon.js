#!/usr/bin/env node
// Entry point of the `archon` command; the CLI itself is built to dist/.
const args = process.argv.slice(2);
// The Read hook runs on every file the agent opens, so it skips the CLI's module graph (and SQLite).
if (args.at(-2) === "record-read" && args.at(-1) === "--hook") {
  const { runRecordReadHook } = await import("../dist/hooks/record-read-hook.js");
  await runRecordReadHook(args);
} else {
  await import("../dist/cli/main.js");
}
