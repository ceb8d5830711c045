// Every section: a `##` heading, real content, and no unfinished placeholders.
import { PLACEHOLDER_WORDS } from "../keywords.js";
import type { Rule } from "../types.js";

export const sectionHeading: Rule = {
  id: "section_heading",
  critical: false,
  topic: "section heading",
  check: (doc) =>
    doc.lines.some((l) => l.startsWith("## ")) ? [] : [{ message: "The section has no `## ` heading." }],
};

export const sectionSubstance: Rule = {
  id: "section_substance",
  critical: true,
  topic: "section content",
  check: (doc) => {
    let chars = 0;
    for (const line of doc.lines) if (!line.trimStart().startsWith("#")) chars += line.trim().length;
    return chars >= 40
      ? []
      : [{ message: "The section has almost no content.", offending_content: doc.text.slice(0, 80) }];
  },
};

export const placeholderText: Rule = {
  id: "placeholder_text",
  critical: true,
  topic: "complete content",
  check: (doc) => {
    const found = PLACEHOLDER_WORDS.filter((w) => doc.words.has(w));
    return found.length === 0
      ? []
      : [
          {
            message: `Unfinished placeholders remain: ${found.join(", ")}.`,
            offending_content: found.join(", "),
          },
        ];
  },
};
