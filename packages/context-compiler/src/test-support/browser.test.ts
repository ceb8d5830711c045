import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findBrowser } from "./browser.js";

let bin: string;
beforeEach(() => {
  bin = mkdtempSync(join(tmpdir(), "archon-browser-"));
});
afterEach(() => rmSync(bin, { recursive: true, force: true }));

const install = (name: string) => {
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, name), "#!/bin/sh\n");
  chmodSync(join(bin, name), 0o755);
};

describe("finding the browser for the browser tests", () => {
  it("prefers chromium-headless-shell, then chromium, on PATH", () => {
    install("chromium");
    expect(findBrowser({ PATH: bin })).toBe(join(bin, "chromium"));
    install("chromium-headless-shell");
    expect(findBrowser({ PATH: bin })).toBe(join(bin, "chromium-headless-shell"));
  });

  it("skips on a developer machine without one, naming the package to install", () => {
    const said: string[] = [];
    expect(findBrowser({ PATH: bin }, (line) => said.push(line))).toBeUndefined();
    expect(said).toEqual([
      "Skipping the browser tests: no chromium-headless-shell or chromium on PATH; install Debian's chromium-headless-shell package (apt-get install -y --no-install-recommends chromium-headless-shell), or chromium.\n",
    ]);
  });

  it("fails in CI, where the browser tests must run", () => {
    expect(() => findBrowser({ PATH: bin, CI: "true" })).toThrow(
      "No headless browser found on PATH and CI is set: install Debian's chromium-headless-shell package",
    );
  });
});
