import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractAnchored, parseSourceRef } from "../../read/source-anchor.js";
import { normalizeNewlines, splitUnits, unitSourcePath } from "./split-units.js";

const DOC = [
  "# API rules",
  "",
  "## Errors",
  "Never throw strings.",
  "",
  "## Clients ##",
  "Use `src/api/client.ts`.",
  "",
  "```bash",
  "## not a heading",
  "# a shell comment",
  "```",
  "",
].join("\n");

describe("splitting a document into units", () => {
  it("splits at ## headings and drops a preamble that is only a title", () => {
    expect(splitUnits(DOC)).toEqual([
      { heading: "Errors", title: "Errors", start: 3, end: 4, content: "## Errors\nNever throw strings." },
      {
        heading: "Clients ##",
        title: "Clients",
        start: 6,
        end: 12,
        content:
          "## Clients ##\nUse `src/api/client.ts`.\n\n```bash\n## not a heading\n# a shell comment\n```",
      },
    ]);
  });

  it("keeps a preamble with real content, titled by its # heading", () => {
    const units = splitUnits("<!-- generated -->\n# Guide\n\nRead this first.\n\n## One\nx\n");
    expect(units[0]).toEqual({
      title: "Guide",
      start: 1,
      end: 4,
      content: "<!-- generated -->\n# Guide\n\nRead this first.",
    });
    expect(units).toHaveLength(2);
  });

  it("makes the whole file one unit when it has no ## heading, and none when it is only a title", () => {
    expect(splitUnits("Plain text\nsecond line")).toEqual([
      { start: 1, end: 2, content: "Plain text\nsecond line" },
    ]);
    expect(splitUnits("# Title only\n\n")).toEqual([]);
  });

  it("numbers lines from where the body starts in its file", () => {
    expect(splitUnits("## A\nx", 5)).toEqual([
      { heading: "A", title: "A", start: 5, end: 6, content: "## A\nx" },
    ]);
  });

  it("reads Windows line endings and a byte-order mark as plain newlines", () => {
    expect(normalizeNewlines("\uFEFF## A\r\nx\r\n")).toBe("## A\nx\n");
  });
});

describe("anchoring a unit in its file", () => {
  it("uses the heading anchor when reading it back gives exactly the unit", () => {
    const [errors] = splitUnits(DOC);
    const path = unitSourcePath("docs/api.md", DOC, errors as never);
    expect(path).toBe("docs/api.md#Errors");
    expect(extractAnchored(DOC, parseSourceRef(path).anchor)).toBe((errors as { content: string }).content);
  });

  it("falls back to a line range when a fenced comment would cut the section short", () => {
    const clients = splitUnits(DOC)[1] as never;
    expect(unitSourcePath("docs/api.md", DOC, clients)).toBe("docs/api.md#L6-L12");
  });

  it("uses a line range for a repeated heading, whose anchor would find the first one", () => {
    const text = "## Same\none\n\n## Same\ntwo";
    const units = splitUnits(text);
    expect(units.map((u) => unitSourcePath("a.md", text, u))).toEqual(["a.md#Same", "a.md#L4-L5"]);
  });
});

describe("splitting any text", () => {
  const line = fc.constantFrom("# T", "## A", "## B", "text", "", "```", "## in fence?", "   ");
  it("yields ordered, disjoint units whose content is exactly their lines", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const text = lines.join("\n");
        let previousEnd = 0;
        for (const unit of splitUnits(text)) {
          expect(unit.start).toBeGreaterThan(previousEnd);
          expect(unit.end).toBeGreaterThanOrEqual(unit.start);
          expect(
            lines
              .slice(unit.start - 1, unit.end)
              .join("\n")
              .trimEnd(),
          ).toBe(unit.content);
          const path = unitSourcePath("f.md", text, unit);
          expect(extractAnchored(text, parseSourceRef(path).anchor)?.trimEnd()).toBe(unit.content);
          previousEnd = unit.end;
        }
      }),
    );
  });
});
