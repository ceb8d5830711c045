#!/usr/bin/env node
// Entry point of the `archon` command; the CLI itself is built to dist/ and bundled into dist/bundle/
// (scripts/bundle.mjs at the repository's root): a few files load faster than the 500 modules they hold.
const args = process.argv.slice(2);
// The read hook runs on every file the agent opens and every shell command it runs, so it skips the CLI's
// module graph (and SQLite). Its form: `record-read [--client <agent>] --hook`, last on the line.
const readHook =
  args.at(-2) === "record-read" || (args.at(-4) === "record-read" && args.at(-3) === "--client");
if (readHook && args.at(-1) === "--hook") {
  const { runRecordReadHook } = await import("../dist/bundle/record-read-hook.js");
  await runRecordReadHook(args);
} else if (!(await deadlineHookRan())) {
  await import("../dist/bundle/main.js");
}

/**
 * A hook form that runs under a deadline starts its child from here, before the CLI's modules load: the
 * agent waits for this process on every prompt. In that child (and for any other command) this is false.
 */
async function deadlineHookRan() {
  // `<command> [--client <agent>] --hook`, last on the line.
  const command = args.at(-3) === "--client" ? args.at(-4) : args.at(-2);
  if (args.at(-1) !== "--hook" || !["sync-rules", "reindex-symbols", "verify-cache"].includes(command))
    return false;
  const { deadlineParent } = await import("../dist/bundle/hook-deadline.js");
  return deadlineParent(command, true);
}
