// Run `npx tsc -b packages/core packages/context-compiler` first: these run the built `archon graph` and `archon webui`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seedKnowledge } from "../test-support/knowledge-fixture.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { runCli } from "../test-support/run-cli.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
  seedKnowledge(project);
  project.context().close();
});
afterEach(() => project.cleanup());

const archon = (...args: string[]) => runCli(project.root, args);

describe("archon graph", () => {
  it("writes .archon/graph.html and prints only JSON under --json", () => {
    const r = archon("graph", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      path: ".archon/graph.html",
      bytes: readFileSync(join(project.root, ".archon/graph.html")).length,
      knowledge_version: 1,
      nodes: 12,
      links: 8,
    });
  });

  it("writes where it is told, relative to the current folder, and says what it wrote", () => {
    const r = runCli(join(project.root, "src"), ["graph", "graph.html"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^Wrote src\/graph\.html \(knowledge_version 1, 12 nodes, 8 links, \d+ bytes\)\./,
    );
  });

  it("refuses to replace a file it did not write, in one line with what to do, exit 1", () => {
    project.write("notes.html", "mine");
    const r = archon("graph", "notes.html");
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "archon: notes.html exists and was not written by archon graph; it was left as it is.\nHint: Name another file (archon graph <file>), or move that one away first.\n",
    );
    expect(readFileSync(join(project.root, "notes.html"), "utf8")).toBe("mine");
  });
});

describe("archon webui", () => {
  it("documents its flags", () => {
    const r = archon("webui", "--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("--port <n>");
    expect(r.stdout).toContain("--no-open");
  });

  it("refuses a port that is not one, before opening anything", () => {
    const r = archon("webui", "--port", "http");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--port must be a whole number from 0 to 65535, not "http".');
  });
});
