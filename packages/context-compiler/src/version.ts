// The running archon version, read once from the package manifest. The manifest is found by the package's
// own name (its `exports` lists it), so the answer is the same from dist/ and from the bundle in dist/bundle/.
import { createRequire } from "node:module";

export const VERSION: string = (createRequire(import.meta.url)("archon/package.json") as { version: string })
  .version;
