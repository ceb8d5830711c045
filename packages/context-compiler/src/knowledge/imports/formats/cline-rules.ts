// Cline rules: `.clinerules/**/*.md`, each scoped by an optional `paths` list (conditional rules).
import { globList } from "../frontmatter.js";
import { type FileImport, readRuleFile } from "./rule-file.js";

export const isClineRule = (file: string) => /(^|\/)\.clinerules\/(.+\/)?[^/]+\.md$/.test(file);

/** `paths` globs are anchored to the folder holding `.clinerules/`; a rule without them is always on. */
export function readClineRule(file: string, raw: string): FileImport {
  return readRuleFile(file, raw, {
    format: "cline",
    marker: ".clinerules",
    nestedIn: ".clinerules/",
    activation: (data) => {
      const paths = globList(data.paths);
      return { globs: paths.length > 0 ? paths : ["**"], relevant: false, key: "paths" };
    },
  });
}
