import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitGlobList } from "../../read/glob-braces.js";
import { globList, readFrontmatter } from "./frontmatter.js";

describe("reading frontmatter", () => {
  it("parses YAML frontmatter and says where the body starts", () => {
    expect(readFrontmatter("---\ndescription: API rules\nalwaysApply: false\n---\n# Body\ntext\n")).toEqual({
      data: { description: "API rules", alwaysApply: false },
      body: "# Body\ntext\n",
      bodyLine: 5,
      problems: [],
    });
  });

  it("reads unquoted Cursor globs that YAML would take for an alias, line by line", () => {
    const fm = readFrontmatter(
      "---\ndescription: TS\nglobs: **/*.ts, src/**/*.{ts,tsx}\nalwaysApply: false\n---\nbody",
    );
    expect(fm.data).toEqual({ description: "TS", globs: "**/*.ts, src/**/*.{ts,tsx}", alwaysApply: false });
    expect(globList(fm.data.globs)).toEqual(["**/*.ts", "src/**/*.{ts,tsx}"]);
  });

  it("reads a __proto__ line of a hostile file as a key, leaving the data's prototype alone", () => {
    const fm = readFrontmatter("---\nglobs: **/*.ts\n__proto__:\n  - alwaysApply\n---\nbody");
    expect(Object.getPrototypeOf(fm.data)).toBeNull();
    expect({ ...fm.data }).toEqual({ globs: "**/*.ts", ["__proto__"]: ["alwaysApply"] });
    expect(Object.keys(fm.data)).toEqual(["globs", "__proto__"]);
  });

  it("reads flow arrays, block lists and Windows line endings", () => {
    const flow = readFrontmatter('---\r\nglobs: ["a/**", "b/*.ts"]\r\n---\r\nbody\r\n');
    expect(flow).toEqual({ data: { globs: ["a/**", "b/*.ts"] }, body: "body\n", bodyLine: 4, problems: [] });
    const block = readFrontmatter("---\npaths:\n  - src/api/**\n  - 'lib/*.ts'\n---\nbody");
    expect(globList(block.data.paths)).toEqual(["src/api/**", "lib/*.ts"]);
    const unquotedList = readFrontmatter("---\nglobs: [**/*.ts, *.tsx]\n---\nbody");
    expect(globList(unquotedList.data.globs)).toEqual(["**/*.ts", "*.tsx"]);
  });

  it("reads a repeated header as Cursor does: the first block only, the second kept verbatim as body", () => {
    const text =
      "---\ndescription: First\n---\n\n---\ndescription: Second\nglobs: src/**\n---\n# Rule\nbody\n";
    expect(readFrontmatter(text)).toEqual({
      data: { description: "First" },
      body: "\n---\ndescription: Second\nglobs: src/**\n---\n# Rule\nbody\n",
      bodyLine: 4,
      problems: [
        "a second frontmatter block follows the first; editors read only the first, so the second is rule text and its keys (description, globs) have no effect",
      ],
    });
  });

  it("keeps a second --- block of prose as body text", () => {
    const text = "---\nglobs: src/**\n---\n---\nThis is a horizontal rule section.\n---\nMore.";
    const fm = readFrontmatter(text);
    expect(fm.data).toEqual({ globs: "src/**" });
    expect(fm.body).toBe("---\nThis is a horizontal rule section.\n---\nMore.");
  });

  it("treats a file without frontmatter, or opening with a --- rule, as all body", () => {
    expect(readFrontmatter("# Rules\ntext")).toEqual({
      data: {},
      body: "# Rules\ntext",
      bodyLine: 1,
      problems: [],
    });
    expect(readFrontmatter("---\nJust prose here.\n---\nmore")).toEqual({
      data: {},
      body: "---\nJust prose here.\n---\nmore",
      bodyLine: 1,
      problems: ["no readable frontmatter"],
    });
    expect(readFrontmatter("---\n---\nbody")).toEqual({ data: {}, body: "body", bodyLine: 3, problems: [] });
  });
});

describe("splitting glob lists", () => {
  it("splits at commas outside braces only", () => {
    expect(splitGlobList("src/**/*.{ts,tsx}, lib/{a,b}/*.js ,, x")).toEqual([
      "src/**/*.{ts,tsx}",
      "lib/{a,b}/*.js",
      "x",
    ]);
    expect(globList(undefined)).toEqual([]);
    expect(globList(["a, b", "c"])).toEqual(["a", "b", "c"]);
  });
});

describe("reading any text", () => {
  const line = fc.constantFrom(
    "---",
    "globs: src/**",
    "description: x",
    "## H",
    "text",
    "",
    "- a",
    "alwaysApply: true",
    "[a",
    "*x",
  );
  it("never throws and never loses the body: the body is always the end of the text", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 14 }), fc.boolean(), (lines, crlf) => {
        const text = lines.join(crlf ? "\r\n" : "\n");
        const fm = readFrontmatter(text);
        const normalized = text.replace(/\r\n/g, "\n");
        expect(normalized.endsWith(fm.body)).toBe(true);
        expect(
          normalized
            .split("\n")
            .slice(fm.bodyLine - 1)
            .join("\n"),
        ).toBe(fm.body);
      }),
    );
  });
});
