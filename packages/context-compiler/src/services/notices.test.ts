import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordObservation } from "../store/observations.js";
import { deterministicPart } from "../test-support/deterministic-part.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

function compile(target_files: string[]) {
  const ctx = project.context("agent");
  seed(project.context(), { documents: [doc("api", { patterns: ["src/api/**"] })] });
  return ctx.compiler.compile({ target_files });
}

describe("a compile for a target file that does not exist", () => {
  it("carries a notice naming the file, and only that file", () => {
    project.write("src/api/users.ts", "export {};\n");
    const response = compile(["src/api/users.ts", "src/api/usres.ts"]);
    expect(response.notices).toEqual([
      "Target file src/api/usres.ts does not exist in the project: the rules shown are the ones for a new file at that path; check the path if you meant an existing file.",
    ]);
    expect(response.warnings).toEqual([]);
  });

  it("keeps the notice out of the deterministic part of the response", () => {
    const missing = compile(["src/api/new.ts"]);
    project.write("src/api/new.ts", "export {};\n");
    const present = project.context("agent").compiler.compile({ target_files: ["src/api/new.ts"] });
    expect(missing.notices).toHaveLength(1);
    expect(present.notices).toEqual([]);
    expect(deterministicPart(present)).toBe(deterministicPart(missing));
  });
});

describe("a compile for a path no file system can hold", () => {
  it("answers with the missing-file notice instead of failing", () => {
    const long = `src/${"a/".repeat(3000)}x.ts`;
    const response = compile([long]);
    expect(response.notices).toEqual([
      `Target file ${long} does not exist in the project: the rules shown are the ones for a new file at that path; check the path if you meant an existing file.`,
    ]);
  });
});

describe("a compile for a folder", () => {
  it("carries a notice that rules are matched to files", () => {
    project.write("src/api/users.ts", "export {};\n");
    const folder = compile(["src/api"]);
    expect(folder.notices).toEqual([
      "Target src/api is a folder: rules are matched to file paths, so the rules shown are only those whose globs take the folder's own path (such as src/api/**). Name the files you will read or edit to get their rules.",
    ]);
    const file = compile(["src/api/users.ts"]);
    expect(file.notices).toEqual([]);
    // The folder's own path is what src/api/** takes: the rule is there either way.
    expect(folder.base.documents.map((d) => d.doc_id)).toEqual(["api"]);
  });
});

describe("notices name the next step for their reader", () => {
  it("names the prefixed tool over MCP", () => {
    project.write("src/api/users.ts", "export {};\n");
    const ctx = project.context("agent");
    recordObservation(ctx.kdb.db, { event_type: "session_note", payload: {} }, ctx.clock, ctx.ids);
    expect(compile(["src/api/users.ts"]).notices).toEqual([
      "1 observation(s) have not been triaged yet: a person runs archon_process_observations on the admin surface.",
    ]);
  });
});
