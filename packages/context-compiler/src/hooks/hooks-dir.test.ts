import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hooksDir } from "./hooks-dir.js";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "archon-hooks-dir-"));
  execFileSync("git", ["init", "-q"], { cwd: root });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const ignored = (path: string) => {
  try {
    execFileSync("git", ["check-ignore", "-q", path], { cwd: root });
    return true;
  } catch {
    return false;
  }
};

describe("the hooks' folder", () => {
  it("keeps everything in it out of git, without touching the project's .gitignore", () => {
    const dir = hooksDir(root, "sessions");
    writeFileSync(join(dir, "s1.json"), "{}\n");
    writeFileSync(join(root, ".archon", "hooks", "reads.jsonl"), "\n");
    expect(ignored(".archon/hooks/sessions/s1.json")).toBe(true);
    expect(ignored(".archon/hooks/reads.jsonl")).toBe(true);
    expect(ignored(".archon/rules.md")).toBe(false);
    expect(existsSync(join(root, ".gitignore"))).toBe(false);
  });

  it("leaves a .gitignore someone already wrote there as it is", () => {
    mkdirSync(join(root, ".archon", "hooks"), { recursive: true });
    writeFileSync(join(root, ".archon", "hooks", ".gitignore"), "reads.jsonl\n");
    hooksDir(root, "clients");
    expect(readFileSync(join(root, ".archon", "hooks", ".gitignore"), "utf8")).toBe("reads.jsonl\n");
  });
});
