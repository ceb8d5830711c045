// Kiro steering files: `.kiro/steering/**/*.md`, included by `inclusion` (always, fileMatch, manual, auto).
import { globList } from "../frontmatter.js";
import { type FileImport, readRuleFile } from "./rule-file.js";

export const isKiroSteering = (file: string) => /(^|\/)\.kiro\/steering\/(.+\/)?[^/]+\.md$/.test(file);

/**
 * `always` (also a file without `inclusion`) is every file; `fileMatch` is scoped by
 * `fileMatchPattern` (one glob or a list), anchored to the folder holding `.kiro/`; `manual` and
 * `auto` files are pulled in by name or by relevance, so they are reached by their description.
 */
export function readKiroSteering(file: string, raw: string): FileImport {
  return readRuleFile(file, raw, {
    format: "kiro",
    marker: ".kiro",
    nestedIn: ".kiro/steering/",
    activation: (data) => {
      const inclusion = data.inclusion;
      if (inclusion === undefined || inclusion === null || inclusion === "always")
        return { globs: ["**"], relevant: false, key: "fileMatchPattern" };
      if (inclusion === "fileMatch")
        return { globs: globList(data.fileMatchPattern), relevant: false, key: "fileMatchPattern" };
      if (inclusion === "manual" || inclusion === "auto")
        return { globs: [], relevant: true, key: "fileMatchPattern" };
      return {
        globs: [],
        relevant: true,
        key: "fileMatchPattern",
        notes: [`unknown inclusion "${String(inclusion)}"; read as manual`],
      };
    },
  });
}
