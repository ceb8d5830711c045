import { describe, expect, it } from "vitest";
import { foreignBlocks } from "./foreign-blocks.js";

describe("finding other tools' marked blocks in an instruction file", () => {
  it("finds name:start/name:end and BEGIN/END comment pairs, and leaves archon's own and unmatched markers alone", () => {
    const lines = [
      "<!-- archon:start -->", // 0: archon's own
      "<!-- archon:end -->",
      "<!-- gitnexus:start -->", // 2
      "## Code graph",
      "<!-- gitnexus:end -->", // 4
      "<!-- BEGIN GENERATED RULES -->", // 5
      "- generated",
      "<!-- END GENERATED RULES -->", // 7
      "<!-- lonely:start -->", // 8: no end
      "text",
      "<!-- other:end -->",
    ];
    expect(foreignBlocks(lines)).toEqual([
      { name: "gitnexus", from: 2, to: 4 },
      { name: "GENERATED RULES", from: 5, to: 7 },
    ]);
  });
});
