// The running archon version, read once from the package manifest.
import { createRequire } from "node:module";

export const VERSION: string = (createRequire(import.meta.url)("../package.json") as { version: string })
  .version;
