import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, UserError } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileTooLargeError, readProjectBytes, readProjectFile, resolveProjectFile } from "./project-path.js";

// The attacker's side of the import sandbox: every way out of --project-root is tried.
let outside: string;
let root: string;
beforeEach(() => {
  outside = mkdtempSync(join(tmpdir(), "archon-outside-"));
  root = join(outside, "project");
  mkdirSync(join(root, "docs"), { recursive: true });
  writeFileSync(join(root, "docs", "rule.md"), "inside");
  writeFileSync(join(outside, "secret.txt"), "outside");
});
afterEach(() => rmSync(outside, { recursive: true, force: true }));

describe("file imports stay inside the project root", () => {
  it("accepts a repo-relative file and reports it with forward slashes", () => {
    expect(resolveProjectFile(root, "docs/rule.md").relative).toBe("docs/rule.md");
    expect(resolveProjectFile(root, "./docs/../docs/rule.md").relative).toBe("docs/rule.md");
  });

  it("refuses '..' that climbs out of the root", () => {
    expect(() => resolveProjectFile(root, "../secret.txt")).toThrow(/is outside the project root/);
    expect(() => resolveProjectFile(root, "docs/../../secret.txt")).toThrow(/is outside the project root/);
  });

  it("refuses an absolute path outside the root but accepts one inside it", () => {
    expect(() => resolveProjectFile(root, join(outside, "secret.txt"))).toThrow(
      /is outside the project root/,
    );
    expect(() => resolveProjectFile(root, "/etc/passwd")).toThrow(/is outside the project root/);
    expect(resolveProjectFile(root, join(root, "docs", "rule.md")).relative).toBe("docs/rule.md");
  });

  it("refuses a symbolic link, or a linked folder, that leads outside", () => {
    symlinkSync(join(outside, "secret.txt"), join(root, "docs", "link.md"));
    symlinkSync(outside, join(root, "escape"));
    expect(() => resolveProjectFile(root, "docs/link.md")).toThrow(/symbolic link that leads outside/);
    expect(() => resolveProjectFile(root, "escape/secret.txt")).toThrow(/symbolic link that leads outside/);
  });

  it("accepts a link that stays inside, stored under its real path", () => {
    symlinkSync(join(root, "docs", "rule.md"), join(root, "alias.md"));
    expect(resolveProjectFile(root, "alias.md").relative).toBe("docs/rule.md");
  });

  it("refuses a file over the size its reader takes, before reading it", () => {
    writeFileSync(join(root, "docs", "big.md"), "x".repeat(2048));
    expect(() => readProjectFile(root, "docs/big.md", "file_path", 2047)).toThrow(FileTooLargeError);
    expect(() => readProjectBytes(root, "docs/big.md", "file_path", 2047)).toThrow(
      'file_path "docs/big.md" is 2048 bytes, more than the 2047 read here.',
    );
    expect(readProjectFile(root, "docs/big.md", "file_path", 2048).text).toHaveLength(2048);
  });

  it("says so for a missing file, a folder and an empty path", () => {
    expect(() => resolveProjectFile(root, "docs/nope.md")).toThrow(/does not exist/);
    expect(() => resolveProjectFile(root, "docs")).toThrow(/is not a regular file/);
    expect(() => resolveProjectFile(root, " ")).toThrow(/is empty/);
  });
});

const TRY_WRITE = `
const Database = require("better-sqlite3");
const db = new Database(process.argv[1], { timeout: 0 });
try { db.exec("INSERT INTO t VALUES (2)"); process.stdout.write("written"); } catch (e) { process.stdout.write(e.code); }
`;

describe("a database file is never read as a project file", () => {
  it("refuses SQLite's names and a database this process opened under any name, and leaves the lock held", () => {
    const db = openDatabase(join(root, "docs", "knowledge"));
    db.exec("CREATE TABLE t (a); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)");
    writeFileSync(join(root, "docs", "old.sqlite3"), "not really");
    const refusal = (path: string) => {
      try {
        readProjectFile(root, path);
        return "read";
      } catch (error) {
        return (error as Error).message;
      }
    };
    const answers = ["docs/knowledge", "docs/old.sqlite3"].map(refusal);
    // The write lock taken above is still this process's: another process cannot write meanwhile.
    const otherProcess = execFileSync(process.execPath, ["-e", TRY_WRITE, join(root, "docs", "knowledge")], {
      encoding: "utf8",
    });
    db.exec("COMMIT");
    db.close();
    expect({ answers, otherProcess }).toEqual({
      answers: [
        'file_path "docs/knowledge" is a SQLite database, not a text file.',
        'file_path "docs/old.sqlite3" is a SQLite database, not a text file.',
      ],
      otherProcess: "SQLITE_BUSY",
    });
  });
});

// A child process swaps docs/ for a link out and back as fast as it can while this process reads.
const SWAPPER = `
const fs = require("node:fs");
const [docs, spare, stop, started] = process.argv.slice(1);
const swap = (a, b) => { fs.renameSync(a, a + ".tmp"); fs.renameSync(b, a); fs.renameSync(a + ".tmp", b); };
fs.writeFileSync(started, "");
for (let i = 0; i < 2000000 && !fs.existsSync(stop); i++) swap(docs, spare);
`;

describe("a folder swapped for a link between the check and the read", () => {
  it("never reads the outside file in 600 attempts", async () => {
    symlinkSync(outside, join(root, "spare"));
    writeFileSync(join(outside, "rule.md"), "outside");
    const stop = join(outside, "stop");
    const started = join(outside, "started");
    const child = spawn(
      process.execPath,
      ["-e", SWAPPER, join(root, "docs"), join(root, "spare"), stop, started],
      {
        stdio: "ignore",
      },
    );
    try {
      const pause = new Int32Array(new SharedArrayBuffer(4));
      for (let i = 0; i < 2000 && !existsSync(started); i++) Atomics.wait(pause, 0, 0, 5);
      const seen = { inside: 0, refused: 0, outside: 0 };
      for (let i = 0; i < 600; i++) {
        try {
          const text = readProjectFile(root, "docs/rule.md").text;
          if (text === "outside") seen.outside++;
          else seen.inside++;
        } catch (error) {
          if (!(error instanceof UserError)) throw error;
          seen.refused++;
        }
      }
      expect(seen.outside).toBe(0);
      expect(seen.inside + seen.refused).toBe(600);
    } finally {
      writeFileSync(stop, "");
      child.kill();
      // The swapper renames in the project folder until it exits: removing the folders before then can fail.
      if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
    }
  });
});
