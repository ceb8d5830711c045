// Cursor project rules: `.cursor/rules/**/*.mdc`, or plain `.md`, with description / globs / alwaysApply frontmatter.
import { globList } from "../frontmatter.js";
import { type FileImport, readRuleFile } from "./rule-file.js";

/** Cursor reads both `.mdc` and plain `.md` rule files, in `.cursor/rules/` and its subfolders, at any depth. */
export const isCursorRule = (file: string) => /(^|\/)\.cursor\/rules\/(.+\/)?[^/]+\.mdc?$/.test(file);

/** Any other file under `.cursor/rules/`, hidden ones (`.gitkeep`) aside: Cursor does not read it, and the import says so. */
export const inCursorRules = (file: string) => /(^|\/)\.cursor\/rules\/(.+\/)?[^./][^/]*$/.test(file);

/**
 * Globs are anchored to the folder holding `.cursor/`. alwaysApply means every file under it; a rule
 * with neither globs nor alwaysApply is one Cursor's agent applies when its description seems
 * relevant (or on request), so it is reached by its description.
 */
export function readCursorRule(file: string, raw: string): FileImport {
  return readRuleFile(file, raw, {
    format: "cursor",
    marker: ".cursor",
    nestedIn: ".cursor/rules/",
    activation: (data) => {
      if (data.alwaysApply === true || data.alwaysApply === "true")
        return { globs: ["**"], relevant: false, key: "globs" };
      const globs = globList(data.globs);
      return { globs, relevant: globs.length === 0, key: "globs" };
    },
  });
}
