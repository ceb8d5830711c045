// One database as installed: admin servers importing, `archon approve`, `archon seed` and the prompt hook
// writing, agent servers compiling with their audit writer threads, all at once over the built `archon`,
// some writers SIGKILLed mid-write and started again. The database must come out as SQLite checks its
// own: intact, every acknowledged write in place, versions gapless with their snapshots (issue 30). The
// same run at a larger size is a section of `npm run bench` (bench/torture-main.ts).
import { afterEach, describe, expect, it } from "vitest";
import { checkTortureDatabase } from "../bench/torture-check.js";
import type { TortureSize } from "../bench/torture-plan.js";
import { runTorture, type TortureProjectFixture, tortureProject } from "../bench/torture-run.js";

const SIZE: TortureSize = {
  seed: 30,
  adminServers: 4,
  importsPerServer: 40,
  agentServers: 2,
  cliRounds: 8,
  kills: 6,
  maxMs: 40_000,
};

let project: TortureProjectFixture | undefined;
afterEach(() => project?.cleanup());

describe("many archon processes on one database, some killed mid-write", () => {
  it("leave it intact, with every acknowledged write at its version and every reader answered from a version that exists", async () => {
    project = tortureProject(SIZE.cliRounds);
    const { ledger, kills } = await runTorture(project, SIZE);
    const verdict = checkTortureDatabase(project.dbPath, ledger);

    expect(verdict).toEqual({ integrity: "ok", knowledge_version: verdict.knowledge_version, problems: [] });
    // The run was the one it means to be: each writer acknowledged writes, kills landed, the readers read.
    // A kill planned after the last writers finished finds no process, so only some of them must land.
    const writers = new Set(ledger.acked.map((w) => w.writer));
    expect({
      writers: [...writers].sort(),
      killsLanded: kills > 0 && kills <= SIZE.kills,
      readers: new Set(ledger.answers.map((a) => a.reader)).size,
    }).toEqual({
      writers: ["admin-0", "admin-1", "admin-2", "admin-3", "approve", "hook", "seed"],
      killsLanded: true,
      readers: 2,
    });
  }, 60_000);
});
