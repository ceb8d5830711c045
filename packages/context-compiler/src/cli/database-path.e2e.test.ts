import { chmodSync, existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { damagedDatabaseError } from "../store/database-damage.js";
import { CAN_OBEY_MODES, OBEY_MODES } from "../test-support/file-modes.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { runCli } from "../test-support/run-cli.js";

// The built command on a --db it cannot create or cannot write: a clear error and exit code 1, at once.
let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => {
  if (existsSync(project.dbPath)) chmodSync(project.dbPath, 0o644);
  project.cleanup();
});

const archon = (args: string[], launcher?: readonly string[]) =>
  runCli(project.root, ["--project-root", project.root, ...args], launcher);

const SEED = (content: string) =>
  `documents:\n  - doc_id: tabs\n    title: Tabs\n    content: "${content}"\n    patterns: ["src/**"]\n`;

describe("a --db path that cannot be created", () => {
  it.skipIf(!existsSync("/proc/self"))(
    "fails at once with what to do, for a command and for the server alike",
    () => {
      const expected = {
        code: 1,
        stdout: "",
        stderr:
          "archon: Cannot open or create the knowledge database /proc/archon-x/archon.db (ENOENT: no such file or directory, mkdir '/proc/archon-x').\nHint: Pass --db a path in a folder that exists or can be created and that you can write, or leave --db out for .archon/archon.db in the project.\n",
      };
      expect(archon(["--db", "/proc/archon-x/archon.db", "stats"])).toEqual(expected);
      expect(archon(["--db", "/proc/archon-x/archon.db", "--surface", "agent"])).toEqual(expected);
    },
  );

  it("names a file that is not a database as damaged or not one, with how to repair", () => {
    const notes = project.write("notes.md", "# Notes\n\nThese are notes, not a database.\n".repeat(20));
    const damaged = damagedDatabaseError(
      notes,
      'SQLite says "file is not a database": it is not a SQLite database, or its header was overwritten',
    );
    expect(archon(["--db", notes, "stats"])).toEqual({
      code: 1,
      stdout: "",
      stderr: `archon: ${damaged.describe()}\n`,
    });
  });
});

describe.skipIf(!CAN_OBEY_MODES)("a database the command cannot write", () => {
  it("refuses a write with what to do instead of an internal error, while reading still works", () => {
    project.write("archon.seed.yaml", SEED("Use tabs."));
    expect(archon(["seed", join(project.root, "archon.seed.yaml")]).code).toBe(0);
    chmodSync(project.dbPath, 0o444);
    project.write("archon.seed.yaml", SEED("Use spaces."));
    expect(archon(["seed", join(project.root, "archon.seed.yaml")], OBEY_MODES)).toEqual({
      code: 1,
      stdout: "",
      stderr: `archon: The knowledge database ${project.dbPath} is read-only, so nothing can be written to it.\nHint: Make it writable (chmod u+w ${project.dbPath}) and try again; reading tools still work.\n`,
    });
    expect(archon(["stats", "--json"], OBEY_MODES)).toMatchObject({ code: 0, stderr: "" });
  });
});
