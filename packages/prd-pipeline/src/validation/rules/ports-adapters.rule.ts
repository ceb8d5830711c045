// Technical specification: code examples go through ports and adapters.
import type { Rule } from "../types.js";

const WORDS = ["port", "ports", "adapter", "adapters", "adaptateur", "adaptateurs", "hexagonal"];

export const portsAndAdapters: Rule = {
  id: "ports_and_adapters",
  critical: false,
  topic: "ports adapters architecture",
  concern: "architecture",
  check: (doc) =>
    doc.code.length === 0 || WORDS.some((w) => doc.words.has(w))
      ? []
      : [{ message: "Code examples are given but no port/adapter boundary is named." }],
};
