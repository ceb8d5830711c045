// Every section: nothing before its `##` heading ("Here is the section:" is a reply, not a PRD).
import type { Rule } from "../types.js";

export const noPreamble: Rule = {
  id: "no_preamble",
  critical: true,
  topic: "section starts with its heading",
  check: (doc) => {
    const heading = doc.lines.findIndex((l) => l.startsWith("## "));
    if (heading <= 0) return [];
    const before = doc.lines.slice(0, heading).find((l) => l.trim() !== "" && !l.trimStart().startsWith("#"));
    return before === undefined
      ? []
      : [
          {
            message: "Text comes before the section heading; start the reply with the `##` heading.",
            offending_content: before.trim(),
            location: "before the heading",
          },
        ];
  },
};
