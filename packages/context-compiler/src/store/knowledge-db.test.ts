import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UserError } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { refusal } from "../test-support/user-error.js";
import { damagedDatabaseError } from "./database-damage.js";
import { KnowledgeDb } from "./knowledge-db.js";
import { readVersion } from "./version.js";

let root: string;
let dbPath: string;
const opened: KnowledgeDb[] = [];
const open = (path = dbPath) => {
  const kdb = new KnowledgeDb(path);
  opened.push(kdb);
  return kdb;
};
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "archon-kdb-"));
  dbPath = join(root, ".archon", "archon.db");
});
afterEach(() => {
  for (const kdb of opened.splice(0)) kdb.close();
  rmSync(root, { recursive: true, force: true });
});

const writeRow = (kdb: KnowledgeDb) => {
  kdb.db.exec("CREATE TABLE IF NOT EXISTS probe (x)");
  return kdb.db.prepare("INSERT INTO probe VALUES (1)").run();
};

describe("a database file removed under an open handle", () => {
  it("keeps reading the copy still open and refuses writes with what to do", () => {
    const kdb = open();
    rmSync(dbPath);
    const removed = new UserError(
      `The knowledge database ${dbPath} was removed while the server was running: the server still reads the copy it has open, but nothing written now would be kept.`,
      "Restore the file (from git or a backup) and try again; restarting the server instead starts an empty database.",
    );
    expect(readVersion(kdb.db)).toBe(0);
    expect(kdb.writeRefusal()).toEqual(removed);
    // SQLite refuses the write itself; the refusal reads the same, not "attempt to write a readonly database".
    let failure: unknown;
    try {
      writeRow(kdb);
    } catch (error) {
      failure = kdb.explainFailure(error);
    }
    expect(failure).toEqual(removed);
    expect(existsSync(dbPath)).toBe(false);
  });

  it("writes again once the file is restored, through a fresh connection", () => {
    const kdb = open();
    kdb.close();
    copyFileSync(dbPath, join(root, "backup.db"));
    const live = open();
    rmSync(dbPath);
    copyFileSync(join(root, "backup.db"), dbPath);
    expect(live.writeRefusal()).toBeUndefined();
    expect(live.reopenIfReplaced()).toBe(true);
    expect(live.reopenIfReplaced()).toBe(false);
    expect(writeRow(live).changes).toBe(1);
  });
});

describe("a database path taken by something that is not a database", () => {
  it("keeps the copy still open instead of closing it, and says the file was replaced", () => {
    const kdb = open();
    rmSync(dbPath);
    mkdirSync(dbPath);
    expect(kdb.reopenIfReplaced()).toBe(false);
    expect(readVersion(kdb.db)).toBe(0);
    expect(kdb.writeRefusal()?.message).toBe(
      `The knowledge database ${dbPath} was replaced by something that is not a database archon can open: the server still reads the copy it has open, but nothing written now would be kept.`,
    );
  });
});

// A folder that cannot be created (/proc/x) is tested through the built command, which a timeout guards:
// before the fix, Node's recursive mkdir never returned there (cli/database-path.e2e.test.ts).
describe("a path that cannot hold a database", () => {
  it("says a file that is not a database is damaged or not one, with how to repair", () => {
    const notes = join(root, "notes.txt");
    writeFileSync(
      notes,
      "these are notes, not a database, and long enough to be read as a header.\n".repeat(4),
    );
    expect(refusal(() => open(notes))).toEqual(
      damagedDatabaseError(
        notes,
        'SQLite says "file is not a database": it is not a SQLite database, or its header was overwritten',
      ),
    );
  });

  it("refuses a database cut short before SQLite opens it, leaving its bytes as they were", () => {
    open().close();
    const whole = readFileSync(dbPath);
    const cut = whole.subarray(0, whole.length - 1000);
    writeFileSync(dbPath, cut);
    expect(refusal(() => open())).toEqual(
      damagedDatabaseError(
        dbPath,
        `the file is cut short: ${cut.length} bytes where its header says ${whole.length}`,
      ),
    );
    expect(readFileSync(dbPath).equals(cut)).toBe(true);
  });

  it("says a file standing where a folder should be cannot hold one", () => {
    writeFileSync(join(root, "plain"), "");
    expect(() => open(join(root, "plain", "archon.db"))).toThrow(
      `Cannot open or create the knowledge database ${join(root, "plain", "archon.db")} (unable to open database file).`,
    );
  });
});
