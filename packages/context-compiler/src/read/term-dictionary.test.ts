import { describe, expect, it } from "vitest";
import { termsOf } from "./relevance.js";
import { TermDictionary } from "./term-dictionary.js";

const TEXTS = [
  "Use the `createUser()` helper; never call db.insertUser directly (see ADR-0042).",
  "HTTPServer, XMLHttpRequest, IOError, getURLForID, 2024Q3Report user user USER",
  "Größe straße 数据库 naïveCode",
  "",
];
const PROBES = [
  "user",
  "create",
  "insert",
  "http",
  "server",
  "2024",
  "q",
  "größe",
  "数据库",
  "code",
  "absent",
  "USER",
  "",
];

describe("TermDictionary", () => {
  it("holds exactly the terms termsOf finds, repeats and all", () => {
    const dictionary = new TermDictionary();
    for (const text of TEXTS) {
      const compact = dictionary.termsOf(text);
      const plain = termsOf(text);
      for (const probe of [...PROBES, ...plain])
        expect(compact.has(probe), `${probe} in ${text}`).toBe(plain.has(probe));
    }
  });

  it("keeps every set right after the dictionary started afresh", () => {
    const dictionary = new TermDictionary(3);
    const sets = TEXTS.map((text) => dictionary.termsOf(text));
    // A fresh dictionary numbers its terms from 0 again; a set must answer from the one it was made with.
    const later = dictionary.termsOf("zebra yak xenon");
    TEXTS.forEach((text, i) => {
      const plain = termsOf(text);
      for (const probe of [...PROBES, "zebra", "yak"]) expect(sets[i]?.has(probe)).toBe(plain.has(probe));
    });
    expect(["zebra", "yak", "xenon", "user"].map((t) => later.has(t))).toEqual([true, true, true, false]);
  });
});
