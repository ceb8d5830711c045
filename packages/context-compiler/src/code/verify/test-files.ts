// Which repo files are tests, by the naming conventions of each language's usual runners.
import { languageOf } from "../languages.js";

const SCRIPT_TEST = /\.(test|spec)\.[cm]?[jt]sx?$/;
const TEST_FOLDER = /(^|\/)(tests?|__tests__|spec)\//;

export function isTestFile(path: string): boolean {
  const language = languageOf(path)?.language;
  if (!language) return false;
  const base = path.slice(path.lastIndexOf("/") + 1);
  switch (language) {
    case "typescript":
    case "javascript":
      return SCRIPT_TEST.test(base) || /(^|\/)__tests__\//.test(path);
    case "python":
      return (/^test_.*\.py$/.test(base) || /_test\.py$/.test(base)) && base !== "conftest.py";
    case "go":
      return base.endsWith("_test.go");
    case "php":
      return /Test\.php$/.test(base) || TEST_FOLDER.test(path);
  }
}
