// Windsurf rules: `.windsurf/rules/**/*.md`, activated by `trigger` (always_on, glob, model_decision, manual).
import { globList } from "../frontmatter.js";
import { type FileImport, readRuleFile } from "./rule-file.js";

export const isWindsurfRule = (file: string) => /(^|\/)\.windsurf\/rules\/(.+\/)?[^/]+\.md$/.test(file);

/**
 * `glob` rules are scoped by `globs`, anchored to the folder holding `.windsurf/`. `model_decision`
 * rules are applied when Cascade finds their description relevant, `manual` ones when mentioned: both
 * are reached by their description. A file without a trigger is read by its globs, else as always on.
 */
export function readWindsurfRule(file: string, raw: string): FileImport {
  return readRuleFile(file, raw, {
    format: "windsurf",
    marker: ".windsurf",
    nestedIn: ".windsurf/rules/",
    activation: (data) => {
      const globs = globList(data.globs);
      const trigger = data.trigger;
      if (trigger === "always_on") return { globs: ["**"], relevant: false, key: "globs" };
      if (trigger === "glob") return { globs, relevant: false, key: "globs" };
      if (trigger === "model_decision" || trigger === "manual")
        return { globs: [], relevant: true, key: "globs" };
      if (trigger === undefined || trigger === null)
        return { globs: globs.length > 0 ? globs : ["**"], relevant: false, key: "globs" };
      return {
        globs: [],
        relevant: true,
        key: "globs",
        notes: [`unknown trigger "${String(trigger)}"; read as model_decision`],
      };
    },
  });
}
