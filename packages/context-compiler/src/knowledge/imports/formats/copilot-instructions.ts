// GitHub Copilot instructions: `.github/instructions/*.instructions.md` (applyTo) and `.github/copilot-instructions.md`.
import { globList } from "../frontmatter.js";
import { readInstructionsMarkdown } from "./instructions-markdown.js";
import { baseName, type FileImport, ownerFolder, readRuleFile } from "./rule-file.js";

export const isCopilotInstructions = (file: string) =>
  /(^|\/)\.github\/copilot-instructions\.md$/.test(file) ||
  /(^|\/)\.github\/instructions\/(.+\/)?[^/]+\.instructions\.md$/.test(file);

/**
 * applyTo globs are anchored to the folder holding `.github/`; the repository-wide file applies
 * everywhere. Without applyTo, Copilot applies a file only when it is attached or judged relevant,
 * so it is reached by its description.
 */
export function readCopilotInstructions(file: string, raw: string): FileImport {
  const owner = ownerFolder(file, ".github");
  if (file.endsWith("copilot-instructions.md")) {
    return readInstructionsMarkdown(file, raw, {
      format: "copilot",
      scope: owner,
      idPrefix: owner === "" ? "copilot" : baseName(owner),
    });
  }
  return readRuleFile(file, raw, {
    format: "copilot",
    marker: ".github",
    activation: (data) => {
      const globs = globList(data.applyTo);
      return { globs, relevant: globs.length === 0, key: "applyTo" };
    },
  });
}
