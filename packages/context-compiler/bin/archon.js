#!/usr/bin/env node
// Entry point of the `archon` command; the CLI itself is built to dist/.
const args = process.argv.slice(2);
// The read hook runs on every file the agent opens and every shell command it runs, so it skips the CLI's
// module graph (and SQLite). Its form: `record-read [--client <agent>] --hook`, last on the line.
const readHook =
  args.at(-2) === "record-read" || (args.at(-4) === "record-read" && args.at(-3) === "--client");
if (readHook && args.at(-1) === "--hook") {
  const { runRecordReadHook } = await import("../dist/hooks/record-read-hook.js");
  await runRecordReadHook(args);
} else {
  await import("../dist/cli/main.js");
}
