import { describe, expect, it } from "vitest";
import { extractAnchored, formatSourceRef, parseSourceRef } from "./source-anchor.js";

const TEXT = "# Guide\nintro\n## Errors\nUse the envelope.\n### Detail\nmore\n## Paging\ncursor\n";

describe("source anchors", () => {
  it("parses and formats whole files, sections and line ranges", () => {
    for (const ref of ["docs/a.md", "docs/a.md#Error handling", "docs/a.md#L3-L9"]) {
      expect(formatSourceRef(parseSourceRef(ref))).toBe(ref);
    }
    expect(parseSourceRef("docs/a.md#L3-L9")).toEqual({
      path: "docs/a.md",
      anchor: { kind: "lines", start: 3, end: 9 },
    });
  });

  it("extracts a ## section up to the next # or ## heading, keeping deeper headings", () => {
    expect(extractAnchored(TEXT, { kind: "section", heading: "Errors" })).toBe(
      "## Errors\nUse the envelope.\n### Detail\nmore",
    );
    expect(extractAnchored(TEXT, { kind: "section", heading: "Paging" })).toBe("## Paging\ncursor");
  });

  it("extracts line ranges and reports anchors that no longer exist", () => {
    expect(extractAnchored(TEXT, { kind: "lines", start: 3, end: 4 })).toBe("## Errors\nUse the envelope.");
    expect(extractAnchored(TEXT, { kind: "lines", start: 8, end: 40 })).toBeUndefined();
    expect(extractAnchored(TEXT, { kind: "section", heading: "Gone" })).toBeUndefined();
  });
});
