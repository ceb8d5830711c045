// Continue rules: `.continue/rules/**/*.md` with name / description / globs / alwaysApply frontmatter.
import { globList } from "../frontmatter.js";
import { type FileImport, readRuleFile } from "./rule-file.js";

export const isContinueRule = (file: string) => /(^|\/)\.continue\/rules\/(.+\/)?[^/]+\.md$/.test(file);

/**
 * As Continue reads them: `alwaysApply: true` is every file; globs scope the rule (anchored to the
 * folder holding `.continue/`); `alwaysApply: false` also lets the agent pull the rule in by its
 * description, so a stated description is kept; without globs or alwaysApply the rule is always on.
 */
export function readContinueRule(file: string, raw: string): FileImport {
  return readRuleFile(file, raw, {
    format: "continue",
    marker: ".continue",
    nestedIn: ".continue/rules/",
    activation: (data) => {
      const notes =
        data.regex !== undefined ? ["skipped regex: archon scopes rules by path, not by file content"] : [];
      const always = data.alwaysApply === true || data.alwaysApply === "true";
      const optional = data.alwaysApply === false || data.alwaysApply === "false";
      const globs = globList(data.globs);
      if (always) return { globs: ["**"], relevant: false, key: "globs", notes };
      if (globs.length > 0) {
        const described = typeof data.description === "string" && data.description.trim() !== "";
        return { globs, relevant: optional && described, key: "globs", notes };
      }
      return optional
        ? { globs: [], relevant: true, key: "globs", notes }
        : { globs: ["**"], relevant: false, key: "globs", notes };
    },
  });
}
