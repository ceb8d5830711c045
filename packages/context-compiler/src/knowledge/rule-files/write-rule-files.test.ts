import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { git } from "../../test-support/git.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";

// A first seed writes its rule files into an empty folder at once; these hold what a reader then finds.
let project: TestProject;
beforeEach(() => {
  project = tempProject("archon-write-rules-");
});
afterEach(() => project.cleanup());

const rulesDir = () => join(project.root, ".archon", "rules");
const plan = {
  documents: [doc("api", { content: "Answer 422.\n" }), doc("ui", { content: "One component a file.\n" })],
  layer_rules: [{ pattern: "src/api/**", layer: "api" }],
};

describe.each([
  ["outside git", false],
  ["in a git repository", true],
])("a first seed %s", (_where, inGit) => {
  it("writes every approved document's file and the layers file, and leaves no staging folder", () => {
    if (inGit) git(project.root, "init", "-q");
    seed(project.context(), plan);
    expect(readdirSync(rulesDir()).sort()).toEqual(["api.md", "layers.yaml", "ui.md"]);
    expect(readFileSync(join(rulesDir(), "api.md"), "utf8")).toContain("Answer 422.\n");
    expect(readdirSync(join(project.root, ".archon")).filter((n) => n.includes("staging"))).toEqual([]);
  });

  it("writes file by file into a rules folder that holds a person's note, which keeps its text", () => {
    if (inGit) git(project.root, "init", "-q");
    project.write(".archon/rules/notes.txt", "a person's note\n");
    seed(project.context(), plan);
    expect(readdirSync(rulesDir()).sort()).toEqual(["api.md", "layers.yaml", "notes.txt", "ui.md"]);
    expect(readFileSync(join(rulesDir(), "notes.txt"), "utf8")).toBe("a person's note\n");
  });
});
