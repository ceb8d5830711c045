// Small local fakes of the `claude` and `codex` CLIs (`mcp get`, `mcp add*`, `mcp remove`), which are not installed here.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// Each records its arguments and remembers what was added (name, command, args) in a state file; `mcp get`
// prints a server's command and args the way both CLIs do, and `mcp remove` forgets it.
const FAKE_CLI = `#!${process.execPath}
const fs = require("node:fs");
const path = require("node:path");
const dir = process.env.FAKE_CLI_DIR;
const name = path.basename(process.argv[1]);
const args = process.argv.slice(2);
fs.appendFileSync(path.join(dir, name + ".log"), JSON.stringify(args) + "\\n");
const state = path.join(dir, name + ".state.json");
const added = fs.existsSync(state) ? JSON.parse(fs.readFileSync(state, "utf8")) : {};
const server = args[2];
if (args[1] === "get") {
  const entry = added[server];
  if (!entry) process.exit(1);
  console.log(server + ":\\n  Type: stdio\\n  Command: " + entry.command + "\\n  Args: " + entry.args.join(" "));
  process.exit(0);
}
if (args[1] === "remove") {
  if (!added[server]) process.exit(1);
  delete added[server];
} else if (args[1] === "add-json") {
  added[server] = JSON.parse(args[3]);
} else if (args[1] === "add") {
  const [command, ...rest] = args.slice(args.indexOf("--") + 1);
  added[server] = { command, args: rest };
}
fs.writeFileSync(state, JSON.stringify(added));
`;

/** HOME (and Codex's CODEX_HOME) pointing at `home`, so a test never reads or edits the person's own. */
export const fakeHome = (home: string) => ({
  HOME: home,
  USERPROFILE: home,
  CODEX_HOME: join(home, ".codex"),
});

export interface FakeClients {
  /** The folder holding the fakes, which is all their PATH holds. */
  bin: string;
  /** The HOME `env()` gives: where the clients' global configs are. */
  home: string;
  env(): NodeJS.ProcessEnv;
  /** The argument lists `cli` was called with, in order. */
  calls(cli: "claude" | "codex"): string[][];
  /** Runs the fake as a person (or an older archon setup) would, e.g. to register a server beforehand. */
  run(cli: "claude" | "codex", args: readonly string[]): void;
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
    home: join(bin, "home"),
    // A home of its own: setup edits Codex's and Cursor's global configs, never the real ones.
    env: () => ({ ...process.env, PATH: bin, FAKE_CLI_DIR: bin, ...fakeHome(join(bin, "home")) }),
    run: (cli, args) => {
      execFileSync(join(bin, cli), args, { env: { ...process.env, FAKE_CLI_DIR: bin } });
    },
    calls: (cli) =>
      existsSync(join(bin, `${cli}.log`))
        ? readFileSync(join(bin, `${cli}.log`), "utf8")
            .trim()
            .split("\n")
            .map((l) => JSON.parse(l) as string[])
        : [],
  };
}
