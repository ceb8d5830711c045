import { execFileSync } from "node:child_process";
import {
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { refusal } from "../test-support/user-error.js";
import {
  appendProjectFile,
  assertWritable,
  isInside,
  makeProjectDir,
  removeProjectFile,
  renameProjectFile,
  replaceProjectFile,
  writeProjectFile,
} from "./project-write.js";

// The attacker's side of the write guard: links planted where archon writes, pointing out of the project.
let outside: string;
let root: string;
beforeEach(() => {
  const base = mkdtempSync(join(tmpdir(), "archon-write-"));
  outside = join(base, "outside");
  root = join(base, "project");
  mkdirSync(outside);
  mkdirSync(root);
  writeFileSync(join(outside, "victim.md"), "outside text\n");
});
afterEach(() => rmSync(join(root, ".."), { recursive: true, force: true }));

const outsideState = () =>
  readdirSync(outside, { recursive: true, encoding: "utf8" })
    .sort()
    .map((name) => {
      const path = join(outside, name);
      return [name, statSync(path).isFile() ? readFileSync(path, "utf8") : "<dir>"];
    });

/** A refusal's message and hint, as a person reads them. */
function wording(run: () => void): string {
  const error = refusal(run);
  return `${error.message} | ${error.hint}`;
}

const HINT =
  "archon does not write through links that leave the project: replace the link with a real file or folder inside it, then run again.";
const DATABASE_HINT = "archon changes a database only through SQLite: name another file, then run again.";

describe("writing inside the project", () => {
  it("creates the folders and the file, and sets the executable bit when asked", () => {
    writeProjectFile({ root }, join(root, "a", "b", "hook"), "#!/bin/sh\n", { executable: true });
    writeProjectFile({ root }, "a/note.md", "note\n");
    expect(readFileSync(join(root, "a", "b", "hook"), "utf8")).toBe("#!/bin/sh\n");
    expect(statSync(join(root, "a", "b", "hook")).mode & 0o777).toBe(0o755);
    expect(readFileSync(join(root, "a", "note.md"), "utf8")).toBe("note\n");
  });

  it("replaces a longer file whole, leaving no tail of the old text", () => {
    writeFileSync(join(root, "x.md"), "a much longer text than the new one\n");
    writeProjectFile({ root }, "x.md", "short\n");
    expect(readFileSync(join(root, "x.md"), "utf8")).toBe("short\n");
  });

  it("removes a file, and with force says nothing about one already gone", () => {
    writeFileSync(join(root, "x.md"), "x");
    removeProjectFile({ root }, "x.md");
    removeProjectFile({ root }, "x.md", { force: true });
    expect(readdirSync(root)).toEqual([]);
  });
});

describe("links that leave the project", () => {
  it("refuses a file that is a link out, naming it, and the outside file keeps its text", () => {
    symlinkSync(join(outside, "victim.md"), join(root, "CLAUDE.md"));
    expect(wording(() => writeProjectFile({ root }, "CLAUDE.md", "planted"))).toBe(
      `Refused to write CLAUDE.md: it is a symbolic link. | ${HINT}`,
    );
    expect(wording(() => removeProjectFile({ root }, "CLAUDE.md"))).toBe(
      `Refused to delete CLAUDE.md: it is a symbolic link. | ${HINT}`,
    );
    expect(outsideState()).toEqual([["victim.md", "outside text\n"]]);
  });

  it("refuses a folder that is a link out, and a folder under it that does not exist yet", () => {
    symlinkSync(outside, join(root, ".claude"));
    const real = realpathSync(outside);
    expect(wording(() => writeProjectFile({ root }, ".claude/settings.json", "{}"))).toBe(
      `Refused to write .claude/settings.json: its folder resolves to ${real}, outside the project. | ${HINT}`,
    );
    expect(wording(() => writeProjectFile({ root }, ".claude/skills/x/SKILL.md", "x"))).toBe(
      `Refused to write .claude/skills/x/SKILL.md: its folder resolves to ${join(real, "skills", "x")}, outside the project. | ${HINT}`,
    );
    expect(wording(() => removeProjectFile({ root }, ".claude/victim.md"))).toMatch(/^Refused to delete/);
    expect(outsideState()).toEqual([["victim.md", "outside text\n"]]);
  });

  it("refuses a hard link to an outside file, leaving its text whole", () => {
    linkSync(join(outside, "victim.md"), join(root, "AGENTS.md"));
    expect(wording(() => writeProjectFile({ root }, "AGENTS.md", "planted"))).toBe(
      "Refused to write AGENTS.md: it is a hard link to another file. | A hard link shares its text with another file, which a write would change too: replace it with a plain copy of the file, then run again.",
    );
    expect(outsideState()).toEqual([["victim.md", "outside text\n"]]);
  });

  it("refuses a FIFO or a folder at the name, saying what to do with it", () => {
    execFileSync("mkfifo", [join(root, "CLAUDE.md")]);
    mkdirSync(join(root, "AGENTS.md"));
    const hint = "Move it aside or replace it with a regular file, then run again.";
    expect([
      wording(() => writeProjectFile({ root }, "CLAUDE.md", "planted")),
      wording(() => writeProjectFile({ root }, "AGENTS.md", "planted")),
    ]).toEqual([
      `Refused to write CLAUDE.md: it is not a regular file. | ${hint}`,
      `Refused to write AGENTS.md: it is not a regular file. | ${hint}`,
    ]);
  });

  it("refuses '..' and absolute paths out of the root", () => {
    expect(() => assertWritable({ root }, "../outside/victim.md")).toThrow(/outside the project/);
    expect(() => assertWritable({ root }, join(outside, "victim.md"))).toThrow(/outside the project/);
    expect(outsideState()).toEqual([["victim.md", "outside text\n"]]);
  });

  it("accepts a link that stays inside for the folder, and git's own folder given as a second root", () => {
    mkdirSync(join(root, "real"));
    symlinkSync(join(root, "real"), join(root, "alias"));
    writeProjectFile({ root }, "alias/a.md", "a");
    expect(readFileSync(join(root, "real", "a.md"), "utf8")).toBe("a");
    writeProjectFile({ root, also: [outside] }, join(outside, "hooks", "pre-commit"), "#!/bin/sh\n");
    expect(readFileSync(join(outside, "hooks", "pre-commit"), "utf8")).toBe("#!/bin/sh\n");
  });
});

describe("appending, replacing, renaming and making folders inside the project", () => {
  it("appends, replaces whole through a temporary file, renames and makes folders", () => {
    appendProjectFile({ root }, join(root, "log", "reads.jsonl"), "one\n");
    appendProjectFile({ root }, join(root, "log", "reads.jsonl"), "two\n");
    renameProjectFile({ root }, join(root, "log", "reads.jsonl"), join(root, "log", "reads.1.jsonl"));
    replaceProjectFile({ root }, join(root, "log", "base.json"), "{}\n");
    expect(makeProjectDir({ root }, join(root, "a", "b"))).toBe(join(root, "a", "b"));
    expect(readdirSync(root, { recursive: true, encoding: "utf8" }).sort()).toEqual([
      "a",
      join("a", "b"),
      "log",
      join("log", "base.json"),
      join("log", "reads.1.jsonl"),
    ]);
    expect(readFileSync(join(root, "log", "reads.1.jsonl"), "utf8")).toBe("one\ntwo\n");
  });

  // Each shape a repository can commit: a final link (absolute or relative target), a linked folder.
  const shapes: [string, () => void][] = [
    ["a final link to an absolute path", () => symlinkSync(join(outside, "victim.md"), join(root, "log.md"))],
    ["a final link to a relative path", () => symlinkSync("../outside/victim.md", join(root, "log.md"))],
  ];
  it.each(shapes)("refuses to append to or replace %s, and the outside file is unchanged", (_name, plant) => {
    plant();
    expect(wording(() => appendProjectFile({ root }, join(root, "log.md"), "$(touch pwned)\n"))).toBe(
      `Refused to write log.md: it is a symbolic link. | ${HINT}`,
    );
    expect(wording(() => replaceProjectFile({ root }, join(root, "log.md"), "x"))).toBe(
      `Refused to write log.md: it is a symbolic link. | ${HINT}`,
    );
    expect(wording(() => renameProjectFile({ root }, join(root, "log.md"), join(root, "old.md")))).toBe(
      `Refused to write log.md: it is a symbolic link. | ${HINT}`,
    );
    expect(outsideState()).toEqual([["victim.md", "outside text\n"]]);
    expect(readdirSync(root)).toEqual(["log.md"]);
  });

  it("refuses a folder that is a link out, existing or to be made under it", () => {
    symlinkSync(outside, join(root, ".archon"));
    const real = realpathSync(outside);
    expect(wording(() => makeProjectDir({ root }, join(root, ".archon")))).toBe(
      `Refused to write .archon: the folder resolves to ${real}, outside the project. | ${HINT}`,
    );
    expect(wording(() => makeProjectDir({ root }, join(root, ".archon", "hooks")))).toBe(
      `Refused to write .archon/hooks: the folder resolves to ${join(real, "hooks")}, outside the project. | ${HINT}`,
    );
    expect(
      wording(() => appendProjectFile({ root }, join(root, ".archon", "hooks", "r.jsonl"), "x")),
    ).toMatch(/^Refused to write \.archon\/hooks\/r\.jsonl: its folder resolves to/);
    expect(wording(() => replaceProjectFile({ root }, join(root, ".archon", "rules.md"), "x"))).toMatch(
      /^Refused to write \.archon\/rules\.md: its folder resolves to/,
    );
    expect(outsideState()).toEqual([["victim.md", "outside text\n"]]);
  });
});

describe("a database file is never written as a project file", () => {
  it("refuses SQLite's names and a database this process has open under any name, leaving each as it was", () => {
    const db = openDatabase(join(root, "state", "knowledge"));
    db.exec("CREATE TABLE t (a)");
    const before = readFileSync(join(root, "state", "knowledge"));
    writeFileSync(join(root, "old.sqlite3"), "not really");
    const answers = [
      wording(() => writeProjectFile({ root }, join(root, "state", "knowledge"), "text")),
      wording(() => appendProjectFile({ root }, join(root, "old.sqlite3"), "text")),
      wording(() => removeProjectFile({ root }, join(root, "old.sqlite3"))),
    ];
    const after = readFileSync(join(root, "state", "knowledge"));
    db.close();
    expect({
      answers,
      unchanged: after.equals(before),
      old: readFileSync(join(root, "old.sqlite3"), "utf8"),
    }).toEqual({
      answers: [
        `Refused to write state/knowledge: it is a SQLite database, written only through SQLite. | ${DATABASE_HINT}`,
        `Refused to write old.sqlite3: it is a SQLite database, written only through SQLite. | ${DATABASE_HINT}`,
        `Refused to delete old.sqlite3: it is a SQLite database, written only through SQLite. | ${DATABASE_HINT}`,
      ],
      unchanged: true,
      old: "not really",
    });
  });
});

describe("what counts as inside the project", () => {
  it("never counts an empty path, which would name the process's own folder", () => {
    // Where /proc is missing, a descriptor that no longer matches its checked path is named "".
    expect([isInside(process.cwd(), ""), isInside(process.cwd(), process.cwd())]).toEqual([false, true]);
  });
});
