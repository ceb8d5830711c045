import { spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { refusal } from "../test-support/user-error.js";
import { fillEmptyFolder } from "./project-write-folder.js";

// The attacker's side of filling a folder at once: links planted where the folder or its staging goes.
let outside: string;
let root: string;
beforeEach(() => {
  const base = mkdtempSync(join(tmpdir(), "archon-fill-"));
  outside = join(base, "outside");
  root = join(base, "project");
  mkdirSync(outside);
  mkdirSync(join(root, ".archon"), { recursive: true });
});
afterEach(() => rmSync(join(root, ".."), { recursive: true, force: true }));

const files = [
  { name: "a.md", text: "rule a\n" },
  { name: "b.md", text: "rule b\n" },
];
const rules = () => join(root, ".archon", "rules");
/** Each file under `dir`, with its text, sorted: what a reader finds there. */
const contents = (dir: string) =>
  readdirSync(dir)
    .sort()
    .map((name) => [name, readFileSync(join(dir, name), "utf8")]);

describe("filling a missing or empty folder", () => {
  it("lands every file in a missing folder and leaves no staging folder behind", () => {
    expect(fillEmptyFolder({ root }, rules(), files)).toBe(true);
    expect(contents(rules())).toEqual([
      ["a.md", "rule a\n"],
      ["b.md", "rule b\n"],
    ]);
    expect(readdirSync(join(root, ".archon"))).toEqual(["rules"]);
  });

  it("replaces an empty folder with the filled one", () => {
    mkdirSync(rules());
    expect(fillEmptyFolder({ root }, rules(), files)).toBe(true);
    expect(contents(rules()).map(([name]) => name)).toEqual(["a.md", "b.md"]);
    expect(readdirSync(join(root, ".archon"))).toEqual(["rules"]);
  });
});

describe("staging folders a killed write left behind", () => {
  it("are removed once their process is gone and an hour has passed; a live one's, a recent one and a link stay", () => {
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const archon = join(root, ".archon");
    const made = (name: string, hoursAgo: number) => {
      mkdirSync(join(archon, name));
      writeFileSync(join(archon, name, "a.md"), "half a rule");
      const at = new Date(Date.now() - hoursAgo * 3_600_000);
      utimesSync(join(archon, name), at, at);
    };
    made(`.rules-staging-${gone}-0123456789ab`, 2);
    made(`.rules-staging-${gone}-ba9876543210`, 0);
    made(`.rules-staging-${process.pid}-0123456789ab`, 2);
    made(".rules-staging-notes", 2);
    writeFileSync(join(outside, "keep.md"), "theirs");
    symlinkSync(outside, join(archon, `.rules-staging-${gone}-cccccccccccc`));

    expect(fillEmptyFolder({ root }, rules(), files)).toBe(true);
    expect(readdirSync(archon).sort()).toEqual(
      [
        `.rules-staging-${gone}-ba9876543210`,
        `.rules-staging-${gone}-cccccccccccc`,
        `.rules-staging-${process.pid}-0123456789ab`,
        ".rules-staging-notes",
        "rules",
      ].sort(),
    );
    expect(contents(outside)).toEqual([["keep.md", "theirs"]]);
  });
});

describe("a file that appeared in the folder before the rename", () => {
  it("keeps that file as it is, moves none of archon's in, and says so for the file-by-file path", () => {
    mkdirSync(rules());
    writeFileSync(join(rules(), "a.md"), "a person's text\n");
    expect(fillEmptyFolder({ root }, rules(), files)).toBe(false);
    expect(contents(rules())).toEqual([["a.md", "a person's text\n"]]);
    expect(readdirSync(join(root, ".archon"))).toEqual(["rules"]);
  });
});

describe("links out of the project on the way to the folder", () => {
  it("refuses a rules folder that is a link out, and the outside folder stays empty", () => {
    symlinkSync(outside, rules());
    expect(refusal(() => fillEmptyFolder({ root }, rules(), files)).message).toBe(
      "Refused to write .archon/rules: it is not a real folder.",
    );
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(join(root, ".archon"))).toEqual(["rules"]);
  });

  it("refuses a parent folder that is a link out, where the staging folder would be made", () => {
    rmSync(join(root, ".archon"), { recursive: true });
    symlinkSync(outside, join(root, ".archon"));
    expect(refusal(() => fillEmptyFolder({ root }, rules(), files)).message).toMatch(
      /^Refused to write \.archon: the folder resolves to .*outside, outside the project\.$/,
    );
    expect(readdirSync(outside)).toEqual([]);
  });

  it("refuses a name that is a path, writing nothing", () => {
    expect(
      refusal(() => fillEmptyFolder({ root }, rules(), [...files, { name: "../x.md", text: "x\n" }])).message,
    ).toBe("Refused to write .archon/x.md: it is not a plain file name.");
    expect(readdirSync(join(root, ".archon"))).toEqual([]);
  });
});
