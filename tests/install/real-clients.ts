// The agent clients people use, installed from npm at pinned versions once per machine (a folder under the
// temporary folder named by the versions), and the environment they run in for the tests: a scratch HOME,
// no credentials, and every proxy-aware request sent to a closed port, so nothing reaches a model or a vendor.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { personEnv } from "../../packages/context-compiler/src/test-support/person-env.js";

/** Each the newest that runs on Node 20, the project's engine, checked with `npm view <name> engines`. */
export const CLIENT_VERSIONS = {
  // 2.1.198 and later declare node >=22.
  "@anthropic-ai/claude-code": "2.1.197",
  "@openai/codex": "0.171.0",
  "@google/gemini-cli": "0.61.0",
  // The Inspector 1.x CLI: @modelcontextprotocol/inspector 2.x declares node >=22.19.
  "@modelcontextprotocol/inspector-cli": "1.0.3",
} as const;

/** The folder of the installed clients' commands (claude, codex, gemini, mcp-inspector-cli). */
export function installClients(): string {
  const key = createHash("sha256").update(JSON.stringify(CLIENT_VERSIONS)).digest("hex").slice(0, 12);
  const dir = join(tmpdir(), `archon-clients-${key}`);
  const bin = join(dir, "node_modules", ".bin");
  if (existsSync(join(dir, "installed"))) return bin;
  // Installed beside the cache folder and moved in whole, so a run stopped mid-install leaves no half cache.
  const staging = mkdtempSync(`${dir}-`);
  writeFileSync(
    join(staging, "package.json"),
    JSON.stringify({ name: "archon-test-clients", private: true }),
  );
  const specs = Object.entries(CLIENT_VERSIONS).map(([name, version]) => `${name}@${version}`);
  execFileSync("npm", ["install", "--no-audit", "--no-fund", ...specs], {
    cwd: staging,
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 10 * 60_000,
  });
  writeFileSync(join(staging, "installed"), `${JSON.stringify(CLIENT_VERSIONS)}\n`);
  try {
    renameSync(staging, dir);
  } catch (error) {
    // Another run installed the same versions first: use its folder.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(dir, "installed"))) throw error;
  }
  return bin;
}

/** A port nothing listens on: requests through the proxy fail at once, as with no network. */
const NO_NETWORK = "http://127.0.0.1:9";

/** Variables that would point a client at a person's own configuration or account. */
const PERSONAL = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "CLAUDE_CONFIG_DIR",
  "CODEX_HOME",
  "OPENAI_API_KEY",
  "GEMINI_API_KEY",
  "GOOGLE_API_KEY",
  "GOOGLE_CLOUD_PROJECT",
  "XDG_CONFIG_HOME",
  "XDG_DATA_HOME",
  "XDG_CACHE_HOME",
];

/** The environment of a client run: `home` as HOME, `bins` first on PATH, and no network. */
export function clientEnv(home: string, bins: readonly string[]): NodeJS.ProcessEnv {
  const env = personEnv({
    HOME: home,
    PATH: [...bins, process.env.PATH].join(":"),
    HTTPS_PROXY: NO_NETWORK,
    HTTP_PROXY: NO_NETWORK,
    https_proxy: NO_NETWORK,
    http_proxy: NO_NETWORK,
    NO_PROXY: "localhost,127.0.0.1",
    no_proxy: "localhost,127.0.0.1",
    npm_config_update_notifier: "false",
    // Claude Code's telemetry, error reports and update checks.
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  });
  for (const name of PERSONAL) delete env[name];
  return env;
}
