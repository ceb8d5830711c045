// The running archon version, read once from the package manifest.
import { readFileSync } from "node:fs";
import { packagePath } from "./package-files.js";

export const VERSION: string = (
  JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { version: string }
).version;
