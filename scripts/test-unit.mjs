// `npm run test:unit`: the "unit" vitest project (no build, browser or PostgreSQL), with the scratch projects
// its tests make kept in memory where Linux offers a RAM-backed folder (/dev/shm) and TMPDIR is not set.
// On this repository's 2-core machine the run took 89 s on disk and 54 s in memory: most of the
// difference is the syncs of SQLite commits and git writes, which the unit tests make by the thousand and
// which say nothing about their logic. `npm test` keeps every test on the disk. Arguments go to vitest
// (`npm run test:unit -- packages/core`).
import { spawnSync } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));

function memoryScratch() {
  if (process.env.TMPDIR || process.platform !== "linux") return undefined;
  try {
    accessSync("/dev/shm", constants.W_OK);
    return mkdtempSync("/dev/shm/archon-unit-");
  } catch {
    return undefined;
  }
}

const scratch = memoryScratch();
const run = spawnSync(
  process.execPath,
  [join(repo, "node_modules/vitest/vitest.mjs"), "run", "--project", "unit", ...process.argv.slice(2)],
  { stdio: "inherit", cwd: repo, env: scratch ? { ...process.env, TMPDIR: scratch } : process.env },
);
if (scratch) rmSync(scratch, { recursive: true, force: true });
process.exit(run.status ?? 1);
