import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { plainItem } from "./seed-yaml-plain.js";

/** yaml's reading of one item alone, or undefined when yaml has anything to say about it. */
function yamlItem(text: string): unknown {
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || doc.warnings.length > 0) return undefined;
  try {
    const value = doc.toJS() as unknown;
    return Array.isArray(value) && value.length === 1 ? value[0] : undefined;
  } catch {
    return undefined;
  }
}

// Pieces of item text chosen to sit on both sides of every edge of the subset.
const word = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      "src",
      "a",
      "Zed",
      "_x",
      "/abs",
      "{ts,tsx}",
      "104",
      "0",
      "a:b",
      "it's",
      "[a]",
      ",",
      "é",
      "*.ts",
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "**",
      "2fa",
      "007",
      "-1",
      "1.5",
      ".inf",
      "null",
      "True",
      "~",
      "a: b",
      "end:",
      "x #c",
      "x#y",
      '"q"',
      "'s'",
      "[]",
      "{}",
      "- x",
      "&a",
      "*a",
      "!t",
      "|",
      ">-",
      "%",
      "@",
      "`",
      "?",
      "\\",
      "\\n",
      "\u2028",
      "\u{1f600}",
      "\t",
      "",
    ),
  },
);
const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(" "));
const oneLine = fc.oneof(
  text,
  text.map((t) => `"${t}"`),
  text.map((t) => `'${t}'`),
  text.map((t) => ` ${t}  `),
);
const key = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom("doc_id", "title", "patterns", "content", "k", "a_b") },
  { weight: 1, arbitrary: fc.constantFrom("null", "true", "Key", "_x") },
);
const header = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("|", "|-", ">", ">-") },
  { weight: 1, arbitrary: fc.constantFrom("|+", ">+", "|2", "| # c") },
);

/** One key and what follows it, at `indent` spaces. */
const entry = (indent: number) =>
  fc
    .oneof(
      fc.tuple(key, oneLine).map(([k, v]) => [`${k}: ${v}`]),
      fc
        .tuple(
          key,
          fc.constantFrom(0, 2, 4, 1),
          fc.array(oneLine, { minLength: 0, maxLength: 3 }),
          fc.boolean(),
        )
        .map(([k, deeper, items, gap]) => [
          `${k}:`,
          ...items.flatMap((v, i) => [...(gap && i > 0 ? [""] : []), `${" ".repeat(deeper)}- ${v}`]),
        ]),
      fc
        .tuple(
          key,
          header,
          fc.array(fc.tuple(fc.constantFrom(2, 2, 2, 2, 2, 3, 4, 0, 1), fc.oneof(text, fc.constant(""))), {
            minLength: 0,
            maxLength: 5,
          }),
        )
        .map(([k, header, body]) => [
          `${k}: ${header}`,
          ...body.map(([extra, t]) => (t === "" && extra !== 3 ? "" : `${" ".repeat(extra)}${t}`)),
        ]),
    )
    .map((lines) => lines.map((l) => (l === "" ? l : `${" ".repeat(indent)}${l}`)));

const item = fc
  .tuple(
    fc.constantFrom(0, 2, 4),
    fc.constantFrom(1, 1, 2),
    fc.array(fc.constant(null), { minLength: 1, maxLength: 4 }),
    fc.boolean(),
  )
  .chain(([dash, gap, keys, finalBreak]) =>
    fc.tuple(...keys.map(() => entry(dash + 1 + gap))).map((entries) => {
      const lines = entries.flat();
      const first = lines[0] as string;
      lines[0] = `${" ".repeat(dash)}-${" ".repeat(gap)}${first.trimStart()}`;
      return `${lines.join("\n")}${finalBreak ? "\n" : ""}`;
    }),
  );

describe("reading one seed item without yaml", () => {
  it("never answers anything but what yaml answers for the same item alone", () => {
    fc.assert(
      fc.property(item, (t) => {
        const plain = plainItem(t.split("\n"));
        if (plain !== undefined) expect(plain).toEqual(yamlItem(t));
      }),
      { numRuns: 20_000 },
    );
  });

  it("reads the shapes a seed file takes, and leaves every other shape to yaml", () => {
    const cases: [string, unknown][] = [
      [
        '  - doc_id: api-errors\n    title: API errors, and:how\n    priority: 104\n    patterns:\n      - src/api/**\n      - "**/*.ts"\n    layers: []\n    file: docs/a.md\n',
        {
          doc_id: "api-errors",
          title: "API errors, and:how",
          priority: 104,
          patterns: ["src/api/**", "**/*.ts"],
          layers: [],
          file: "docs/a.md",
        },
      ],
      [
        "- doc_id: x\n  content: >-\n    one\n    two\n\n    three\n\n\n    four\n\n  tags:\n  - a\n  - 'it''s'\n",
        { doc_id: "x", content: "one two\nthree\n\nfour", tags: ["a", "it's"] },
      ],
      ["- doc_id: x\n  content: |\n    one\n      two\n\n", { doc_id: "x", content: "one\n  two\n" }],
      ["- doc_id: x\n  content: |\n    last", { doc_id: "x", content: "last\n" }],
      ["- pattern: src/**\n  layer: api", { pattern: "src/**", layer: "api" }],
      ["- doc_id: x\n  title: multi\n    line\n", undefined],
      ["- doc_id: x\n  title: a # comment\n", undefined],
      ["- doc_id: x\n  doc_id: y\n", undefined],
      ["- doc_id: x\n  title: null\n", undefined],
      ["- doc_id: x\n  priority: 007\n", undefined],
      ["- doc_id: x\n  content: >\n    a\n      more indented\n", undefined],
      ["- doc_id: x\n  content: |+\n    kept\n\n", undefined],
      ['- doc_id: x\n  title: "\\u00e9"\n', undefined],
      ["- doc_id: x\n  title: \u{1f600}\n", undefined],
      ["- doc_id: x\n  tags: [a, b]\n", undefined],
      ["- &anchor doc_id: x\n", undefined],
      ["- scalar item\n", undefined],
    ];
    expect(cases.map(([t]) => plainItem(t.split("\n")))).toEqual(cases.map(([, value]) => value));
    for (const [t, value] of cases) if (value !== undefined) expect(yamlItem(t)).toEqual(value);
  });
});
