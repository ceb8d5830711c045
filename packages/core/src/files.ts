// What the project-file guards need from core, reached with no package behind it: a hook that runs on
// every file an agent reads starts from Node's built-ins alone (cli/serve-imports.test.ts holds it).
export { UserError } from "./errors.js";
export { isDatabaseFile } from "./sqlite/database-files.js";
