import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** A benchmark entry point as a developer starts it: the built file, whose --help exits before any work. */
const WIRE_MAIN = fileURLToPath(new URL("../../dist/bench/wire-main.js", import.meta.url));
const USAGE = "usage: wire-main.js [--rounds N] [--json]\n";
const run = (...args: string[]) => spawnSync(process.execPath, [WIRE_MAIN, ...args], { encoding: "utf8" });

describe("a benchmark's command line", () => {
  it("prints its usage for --help and -h, and exits 0", () => {
    for (const flag of ["--help", "-h"]) {
      const r = run(flag);
      expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
        status: 0,
        stdout: USAGE,
        stderr: "",
      });
    }
  });

  it("says an unknown or malformed option in one line beside the usage, and exits 2", () => {
    const unknown = run("--bogus");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown option '--bogus'.*\n/);
    expect(unknown.stderr.endsWith(USAGE)).toBe(true);
    expect(unknown.stderr).not.toContain("    at ");
    const missing = run("--rounds");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(`Option '--rounds <value>' argument missing\n${USAGE}`);
  });
});
