import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLayersFile, renderLayersFile } from "./layers-file.js";
import { parseRuleFile, type RuleFileDoc, renderRuleFile } from "./rule-file-text.js";

const doc = (over: Partial<RuleFileDoc> = {}): RuleFileDoc => ({
  doc_id: "api-errors",
  title: "API errors",
  kind: "constraint",
  priority: 20,
  description: null,
  globs: [],
  layers: [],
  commands: [],
  depends_on: [],
  tags: [],
  source: null,
  template: null,
  installed: null,
  content: "Answer 422 for a body that fails validation.\n",
  ...over,
});

describe("a rule file renders what a person reviews, and reads back exactly", () => {
  it("writes front matter with every field the compile needs, then the text as it is", () => {
    expect(
      renderRuleFile(
        doc({
          globs: ["src/api/**", "src/routes/*.ts"],
          layers: ["api"],
          depends_on: ["http-basics"],
          tags: ["api", "errors"],
          description: "how errors are answered",
          source: "docs/api.md#Errors",
        }),
      ),
    ).toBe(
      [
        "---",
        "doc_id: api-errors",
        "title: API errors",
        "kind: constraint",
        "priority: 20",
        "description: how errors are answered",
        "globs:",
        "  - src/api/**",
        "  - src/routes/*.ts",
        "layers:",
        "  - api",
        "depends_on:",
        "  - http-basics",
        "tags:",
        "  - api",
        "  - errors",
        "source: docs/api.md#Errors",
        "---",
        "Answer 422 for a body that fails validation.",
        "",
      ].join("\n"),
    );
  });

  it("states what a template installed, so a clone can rebuild the upgrade baseline, and reads it back", () => {
    const installed = { version: "1.0.0", sha256: "1".repeat(64), placeholders: { app_root: "src/app" } };
    const text = renderRuleFile(doc({ template: "nextjs", installed }));
    expect(text.split("\n").slice(5, 11)).toEqual([
      "template: nextjs",
      'template_version: "1.0.0"',
      `template_sha256: "${"1".repeat(64)}"`,
      "template_placeholders:",
      '  - "app_root=src/app"',
      "---",
    ]);
    expect(parseRuleFile("x.md", text)).toEqual({ ok: true, doc: doc({ template: "nextjs", installed }) });
  });

  it("reads a template rule an older archon wrote, without what the template installed", () => {
    const text = "---\ndoc_id: a\ntitle: A\ntemplate: nextjs\n---\nText\n";
    expect(parseRuleFile("x.md", text)).toMatchObject({
      ok: true,
      doc: { template: "nextjs", installed: null },
    });
  });

  it("reads back titles, descriptions and texts that YAML or markdown could misread", () => {
    const tricky = doc({
      title: ' "Quoted": a title: with colons # and a hash ',
      description: "line one\nline two\n",
      globs: ["*", "**/*.{ts,tsx}"],
      tags: ["123", "true"],
      content: "---\nstarts like front matter\r\nand ends without a newline",
    });
    expect(parseRuleFile(".archon/rules/api-errors.md", renderRuleFile(tricky))).toEqual({
      ok: true,
      doc: tricky,
    });
  });

  it("reads back values written bare and values that must be quoted", () => {
    const values = [
      "src/api/**",
      "docs/a.md#Errors",
      "a: b",
      "a:",
      "x #y",
      "yes",
      "No",
      "null",
      "a ",
      "_x{a,b}",
    ];
    for (const title of values) {
      const d = doc({ title, globs: [title].filter((v) => v.startsWith("src")), source: title });
      expect(parseRuleFile("x.md", renderRuleFile(d)), title).toEqual({ ok: true, doc: d });
    }
  });

  it("reads back any document (property)", () => {
    const words = fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 30 }),
        fc.string({ minLength: 1, maxLength: 30, unit: "binary" }),
      )
      .filter((s) => s.trim() !== "");
    const ids = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,20}$/);
    fc.assert(
      fc.property(
        ids,
        words,
        fc.option(words, { nil: null }),
        fc.uniqueArray(ids, { maxLength: 3 }),
        fc.string({ unit: "binary" }),
        (doc_id, title, description, tags, content) => {
          const d = doc({ doc_id, title, description, tags: [...tags].sort(), content });
          expect(parseRuleFile("x.md", renderRuleFile(d))).toEqual({ ok: true, doc: d });
        },
      ),
    );
  });
});

describe("a rule file that does not read names its path and line", () => {
  it("reports a missing front matter block", () => {
    expect(parseRuleFile(".archon/rules/a.md", "Just text.\n")).toEqual({
      ok: false,
      problems: [
        ".archon/rules/a.md:1: a rule file starts with a --- front matter block (doc_id, title, ...)",
      ],
    });
  });

  it("reports an unknown kind and an unknown key on their own lines", () => {
    const text = "---\ndoc_id: a\ntitle: A\nkind: rule\nglob: src/**\n---\nText\n";
    expect(parseRuleFile(".archon/rules/a.md", text)).toEqual({
      ok: false,
      problems: [
        expect.stringMatching(/^\.archon\/rules\/a\.md:4: kind: /),
        expect.stringMatching(/^\.archon\/rules\/a\.md:1: front matter: Unrecognized key: "glob"/),
      ],
    });
  });

  it("reports the conflict markers a merge leaves, with the line git wrote them on", () => {
    const text =
      "---\ndoc_id: a\n<<<<<<< HEAD\ntitle: Ours\n=======\ntitle: Theirs\n>>>>>>> other\n---\nText\n";
    const parsed = parseRuleFile(".archon/rules/a.md", text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.problems[0]).toMatch(/^\.archon\/rules\/a\.md:\d+: /);
  });

  it("refuses a glob the matcher would refuse", () => {
    const text = "---\ndoc_id: a\ntitle: A\nglobs:\n  - ../outside/**\n---\nText\n";
    expect(parseRuleFile(".archon/rules/a.md", text)).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^\.archon\/rules\/a\.md:4: glob "\.\.\/outside\/\*\*"/)],
    });
  });
});

describe("the layers file", () => {
  it("renders sorted rules and reads them back", () => {
    const rules = [
      { pattern: "src/ui/**", layer: "ui" },
      { pattern: "src/api/**", layer: "api" },
    ];
    const text = renderLayersFile(rules);
    expect(text).toBe(
      "# Layer rules: a file whose path matches `pattern` is in `layer` (rule files name layers).\nlayers:\n  - pattern: src/api/**\n    layer: api\n  - pattern: src/ui/**\n    layer: ui\n",
    );
    expect(parseLayersFile(text)).toEqual({ ok: true, rules: [rules[1], rules[0]] });
  });
});
