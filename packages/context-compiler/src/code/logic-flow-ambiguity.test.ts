import { manualClock } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { commitAll } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { CodeIndex } from "./code-index.js";

let project: TestProject;
afterEach(() => project.cleanup());

/** A committed repository of `files`, indexed. */
async function indexed(files: Record<string, string>): Promise<CodeIndex> {
  project = tempProject();
  for (const [path, text] of Object.entries(files)) project.write(path, text);
  commitAll(project.root, "initial", true);
  const index = new CodeIndex(project.context().kdb.db, project.root);
  await index.reindex({ clock: manualClock() });
  return index;
}

const NO_SEARCH = {
  depth: null,
  paths: [],
  paths_truncated: false,
  max_depth: 10,
  steps_by_resolution: {},
  unresolved_calls: 0,
  external_calls: 0,
  searched_symbols: 0,
  note: "A name matches several symbols, so no search was run: ask again with one of the symbol_ids listed (or Class.method).",
};

describe("a Go function and a method sharing a name", () => {
  it("answers the name with both candidates and runs no search; a follow-up by symbol id finds the path", async () => {
    const index = await indexed({
      "go.mod": "module example.com/cli\n\ngo 1.21\n",
      "cmd/command.go": [
        "package cmd",
        "",
        "type Command struct{}",
        "",
        "func (c *Command) MarkFlagRequired(name string) error { return c.setAnnotation(name) }",
        "",
        "func (c *Command) setAnnotation(name string) error { return nil }",
      ].join("\n"),
      "cmd/flags.go": [
        "package cmd",
        "",
        "func MarkFlagRequired(c *Command, name string) error { return c.MarkFlagRequired(name) }",
      ].join("\n"),
    });
    const METHOD = "go cmd/command.go Command.MarkFlagRequired";
    const FUNCTION = "go cmd/flags.go MarkFlagRequired";
    const TARGET = "go cmd/command.go Command.setAnnotation";
    const target = { symbol_id: TARGET, kind: "method", path: "cmd/command.go", line: 7 };
    expect(index.logicFlow("MarkFlagRequired", "setAnnotation")).toEqual({
      from: null,
      to: target,
      ...NO_SEARCH,
      ambiguous_from: [
        { symbol_id: METHOD, kind: "method", path: "cmd/command.go", line: 5 },
        { symbol_id: FUNCTION, kind: "function", path: "cmd/flags.go", line: 3 },
      ],
      ambiguous_to: undefined,
    });
    expect(index.logicFlow(METHOD, "setAnnotation")).toMatchObject({ depth: 1, paths: [[METHOD, TARGET]] });
  });
});

describe("three JavaScript classes with a method of the same name in one file", () => {
  it("keeps each method apart, answers the name with all three and runs no search; a follow-up by id finds the path", async () => {
    const index = await indexed({
      "lib/codec.js": [
        "const Json = class {",
        "  write(v) { return this.encode(v); }",
        "  encode(v) { return JSON.stringify(v); }",
        "};",
        "exports.Url = class { encode(v) { return encodeURIComponent(v); } };",
        "module.exports.Base64 = class { encode(v) { return btoa(v); } };",
      ].join("\n"),
    });
    const id = (name: string) => `javascript lib/codec.js ${name}.encode`;
    const method = (name: string, line: number) => ({
      symbol_id: id(name),
      kind: "method",
      path: "lib/codec.js",
      line,
    });
    expect(index.logicFlow("write", "encode")).toEqual({
      from: {
        symbol_id: "javascript lib/codec.js Json.write",
        kind: "method",
        path: "lib/codec.js",
        line: 2,
      },
      to: null,
      ...NO_SEARCH,
      ambiguous_from: undefined,
      ambiguous_to: [method("Base64", 6), method("Json", 3), method("Url", 5)],
    });
    expect(index.logicFlow("write", id("Json"))).toMatchObject({
      depth: 1,
      paths: [["javascript lib/codec.js Json.write", id("Json")]],
      steps_by_resolution: { local: 1 },
    });
  });
  it("keeps TypeScript class expressions apart the same way", async () => {
    const index = await indexed({
      "src/codec.ts": [
        "export const Json = class { encode(v: unknown) { return JSON.stringify(v); } };",
        "export const Url = class { encode(v: string) { return encodeURIComponent(v); } };",
      ].join("\n"),
    });
    expect(index.logicFlow("encode", "encode").ambiguous_from?.map((s) => s.symbol_id)).toEqual([
      "typescript src/codec.ts Json.encode",
      "typescript src/codec.ts Url.encode",
    ]);
  });
});
