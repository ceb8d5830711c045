// A fresh git project with the packed archon and archon-prd installed from their tarballs, set up with
// `npx archon setup --yes --approve-mcp` and trusted in Codex and Gemini CLI the way a person does it once:
// what a team gets from `npm pack` in this checkout, `npm install -D <tarballs>`, and nothing else from it.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { commitAll } from "../../packages/context-compiler/src/test-support/git.js";
import { clientEnv, installClients } from "./real-clients.js";

const CHECKOUT = fileURLToPath(new URL("../../", import.meta.url));

export const RULE = "Store and pass money as integer cents, never floats.";

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface InstalledShop {
  /** The temporary folder holding the project, the scratch HOME and the tarballs: remove it at the end. */
  base: string;
  project: string;
  home: string;
  /** The environment of a person's shell here: the scratch HOME, the clients first on PATH, no network. */
  env: NodeJS.ProcessEnv;
  /** Runs a command in `cwd` with `env` (and `extra`), as that person would. */
  run(cwd: string, command: string, args: readonly string[], extra?: NodeJS.ProcessEnv): CommandRun;
}

/** The tarballs of the two commands, made from the built checkout (npm run build first) into `dest`. */
function packCommands(dest: string): string[] {
  // The packing of `npm run pack`, without its build: the test runs on what the suite built.
  const out = execFileSync(
    "npm",
    ["pack", "--workspace", "archon", "--workspace", "archon-prd", "--pack-destination", dest, "--json"],
    { cwd: CHECKOUT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  return (JSON.parse(out) as { filename: string }[]).map((p) => join(dest, p.filename));
}

/**
 * `npm install -D <tarballs>` in `project`: every dependency comes from the registry, and better-sqlite3
 * builds its addon there (its prebuilt binary from GitHub where that is in reach, else from source).
 */
function installTarballs(project: string, tarballs: readonly string[]): void {
  execFileSync("npm", ["install", "-D", "--no-audit", "--no-fund", ...tarballs], {
    cwd: project,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, npm_config_update_notifier: "false" },
    timeout: 15 * 60_000,
  });
}

/** The shop project (one source file, one seeded rule for src/**), installed, set up for claude, codex, gemini. */
export function installedShop(): InstalledShop {
  // realpath: the clients key trust and approval by the real path.
  const base = realpathSync(mkdtempSync(join(tmpdir(), "archon-installed-")));
  const project = join(base, "shop");
  const home = join(base, "home");
  mkdirSync(home);
  const write = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  write(join(project, "package.json"), `${JSON.stringify({ name: "shop", private: true }, null, 2)}\n`);
  write(join(project, ".gitignore"), "node_modules/\n");
  write(
    join(project, "src/money.ts"),
    "export function total(cents: number[]): number {\n  return cents.reduce((a, b) => a + b, 0);\n}\n",
  );
  write(
    join(project, "archon.seed.yaml"),
    `documents:\n  - doc_id: money-cents\n    title: Money is integer cents\n    content: ${RULE}\n    patterns: ["src/**"]\n`,
  );
  mkdirSync(join(base, "packs"));
  installTarballs(project, packCommands(join(base, "packs")));
  commitAll(project, "shop with archon", true);
  const env = clientEnv(home, [installClients()]);
  const run: InstalledShop["run"] = (cwd, command, args, extra = {}) => {
    const r = spawnSync(command, args, {
      cwd,
      env: { ...env, ...extra },
      encoding: "utf8",
      timeout: 120_000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  const agents = ["--agents", "claude,codex,gemini"];
  const setup = run(project, "npx", [
    "archon",
    "setup",
    "--yes",
    "--template",
    "none",
    "--no-embeddings",
    // Claude Code's approval of the project's servers, which setup writes to the personal settings when told.
    "--approve-mcp",
    ...agents,
  ]);
  if (setup.code !== 0 || setup.stderr !== "")
    throw new Error(`archon setup exited ${setup.code}: ${setup.stderr}`);
  const seed = run(project, "npx", ["archon", "seed", "archon.seed.yaml"]);
  if (seed.code !== 0) throw new Error(`archon seed exited ${seed.code}: ${seed.stderr}`);
  // What the person does once per machine, as setup tells them: trust the folder in Codex and in Gemini
  // CLI (each written where that client keeps the answer).
  write(
    join(home, ".codex", "config.toml"),
    `[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n`,
  );
  write(join(home, ".gemini", "trustedFolders.json"), JSON.stringify({ [project]: "TRUST_FOLDER" }));
  return { base, project, home, env, run };
}
