// Small local fakes of the `claude` and `codex` CLIs (`mcp get`, `mcp add*`), which are not installed here.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// Each records its arguments and remembers what was added in a state file.
const FAKE_CLI = `#!${process.execPath}
const fs = require("node:fs");
const path = require("node:path");
const dir = process.env.FAKE_CLI_DIR;
const name = path.basename(process.argv[1]);
const args = process.argv.slice(2);
fs.appendFileSync(path.join(dir, name + ".log"), JSON.stringify(args) + "\\n");
const state = path.join(dir, name + ".state");
const added = fs.existsSync(state) ? fs.readFileSync(state, "utf8").split("\\n") : [];
if (args[1] === "get") process.exit(added.includes(args[2]) ? 0 : 1);
fs.appendFileSync(state, args[2] + "\\n");
`;

export interface FakeClients {
  /** The folder holding the fakes, which is all their PATH holds. */
  bin: string;
  env(): NodeJS.ProcessEnv;
  /** The argument lists `cli` was called with, in order. */
  calls(cli: "claude" | "codex"): string[][];
}

export function installFakeClients(bin: string): FakeClients {
  mkdirSync(bin, { recursive: true });
  // The fakes are CommonJS scripts without an extension: a package.json above the temp folder that says
  // "type": "module" would otherwise make Node load them as ES modules, where `require` does not exist.
  writeFileSync(join(bin, "package.json"), '{ "type": "commonjs" }\n');
  for (const cli of ["claude", "codex"]) {
    writeFileSync(join(bin, cli), FAKE_CLI);
    chmodSync(join(bin, cli), 0o755);
  }
  return {
    bin,
    env: () => ({ ...process.env, PATH: bin, FAKE_CLI_DIR: bin }),
    calls: (cli) =>
      existsSync(join(bin, `${cli}.log`))
        ? readFileSync(join(bin, `${cli}.log`), "utf8")
            .trim()
            .split("\n")
            .map((l) => JSON.parse(l) as string[])
        : [],
  };
}
