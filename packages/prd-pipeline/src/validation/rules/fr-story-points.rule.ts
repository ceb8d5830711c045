// Requirements: story points belong in the timeline or tickets, not in the FR table.
import { idTable } from "../markdown.js";
import type { Rule } from "../types.js";

export const frNoStoryPoints: Rule = {
  id: "fr_no_story_points",
  critical: false,
  topic: "story points placement",
  check: (doc) => {
    const table = idTable(doc, "FR-");
    const column = table?.header.find((h) => h.includes("story point") || h === "sp" || h.includes("points"));
    return column
      ? [
          {
            message: "Story points are in the FR table; move them to the timeline or tickets.",
            offending_content: column,
          },
        ]
      : [];
  },
};
