// Claude Code rules: `.claude/rules/**/*.md`, scoped by a `paths` frontmatter (a string or a list).
import { globList } from "../frontmatter.js";
import { type FileImport, readRuleFile } from "./rule-file.js";

export const isClaudeRule = (file: string) => /(^|\/)\.claude\/rules\/(.+\/)?[^/]+\.md$/.test(file);

/** `paths` globs are anchored to the folder holding `.claude/`; without `paths` the rule applies everywhere. */
export function readClaudeRule(file: string, raw: string): FileImport {
  return readRuleFile(file, raw, {
    format: "claude",
    marker: ".claude",
    activation: (data) => {
      const paths = globList(data.paths);
      return { globs: paths.length > 0 ? paths : ["**"], relevant: false, key: "paths" };
    },
  });
}
