import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseDocument, stringify } from "yaml";
import { generateKnowledge } from "../bench/generate-knowledge.js";
import { itemRanges, parseSeedYaml } from "./seed-yaml.js";

/** What the seed reader must always agree with: the file as one YAML document, thrown errors included. */
function asOneDocument(text: string) {
  try {
    const doc = parseDocument(text, { prettyErrors: true });
    return doc.errors.length > 0
      ? { value: undefined, errors: doc.errors.map((e) => e.message) }
      : { value: doc.toJS() ?? {}, errors: [] };
  } catch (error) {
    return { thrown: String(error) };
  }
}

function itemWise(text: string) {
  try {
    return parseSeedYaml(text);
  } catch (error) {
    return { thrown: String(error) };
  }
}

const demo = fileURLToPath(new URL("../../../../examples/demo-project/archon.seed.yaml", import.meta.url));

describe("reading a seed file item by item", () => {
  it("gives what one whole-document parse gives for the bundled example and a generated 300-document seed", () => {
    const generated = generateKnowledge(300).plan;
    for (const text of [readFileSync(demo, "utf8"), stringify(generated)]) {
      expect(itemRanges(text.split("\n"))?.get("documents")?.length).toBeGreaterThan(10);
      expect(parseSeedYaml(text)).toEqual(asOneDocument(text));
    }
  });

  it("keeps block scalars, kept trailing lines, comments between items and a list at the key's own indentation", () => {
    const text = [
      "# the team's rules",
      "documents:",
      "- doc_id: kept",
      "  title: Kept",
      "  content: |+",
      "    first line",
      "",
      "    - not an item, deeper than the list",
      "",
      "",
      "# between items",
      "- doc_id: folded",
      "  title: >-",
      "    Folded",
      "    title",
      "  patterns: [src/**, 'a # b']",
      "layer_rules:",
      "  - pattern: src/api/**   # trailing comment",
      "    layer: api",
      "",
    ].join("\n");
    expect(itemRanges(text.split("\n"))).toEqual(
      new Map([
        [
          "documents",
          [
            [2, 10],
            [11, 16],
          ],
        ],
        ["layer_rules", [[17, 20]]],
      ]),
    );
    const parsed = parseSeedYaml(text);
    expect(parsed).toEqual(asOneDocument(text));
    expect(parsed.value).toEqual({
      documents: [
        { doc_id: "kept", title: "Kept", content: "first line\n\n- not an item, deeper than the list\n\n\n" },
        { doc_id: "folded", title: "Folded title", patterns: ["src/**", "a # b"] },
      ],
      layer_rules: [{ pattern: "src/api/**", layer: "api" }],
    });
  });

  it("reads anything else as one document: anchors across items, flow lists, other keys, CRLF, tabs, errors", () => {
    const texts = [
      "documents:\n  - &base\n    doc_id: a\n    title: A\n  - <<: *base\n    doc_id: b\n",
      "documents:\n  - doc_id: a\n    tags: &t [x]\n  - doc_id: b\n    tags: *t\n",
      "documents: [{doc_id: a, title: A}]\n",
      "documents:\n",
      "extra:\n  - 1\ndocuments:\n  - doc_id: a\n",
      'documents:\r\n  - doc_id: a\r\n    title: "A\r\n      B"\r\n',
      "documents:\n\t- doc_id: a\n",
      'documents:\n  - doc_id: a\n    title: "open\n  - doc_id: b\n    title: close"\n',
      "documents:\n  - doc_id: a\n  - doc_id: b\n    title: [unclosed\n",
      "documents:\n  - doc_id: a\ndocuments:\n  - doc_id: b\n",
      "---\ndocuments:\n  - doc_id: a\n",
      "",
      "# only a comment\n",
    ];
    for (const text of texts) expect(itemWise(text)).toEqual(asOneDocument(text));
  });
});
