// Start to the first tools/list answer, as a client sees it, beside its floors, interleaved round by round
// so that the machine's load falls on each alike: archon on the bench's database, archon in a project as a
// person has it (the default database in git, its rule files committed, so the rule files' check runs),
// a bare MCP SDK server (bare-server.ts) and `node -e 0`.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { createArchonContext, writeContext } from "../context/archon-context.js";
import { applySeed } from "../knowledge/apply-seed.js";
import type { SeedPlan } from "../knowledge/seed-file.js";
import { ARCHON_DB } from "../vocabulary/project-files.js";
import { type Spread, spread } from "./stats.js";

export const ARCHON_BIN = fileURLToPath(new URL("../../bin/archon.js", import.meta.url));
export const BARE_SERVER = fileURLToPath(new URL("./bundle/bare-server.js", import.meta.url));

export interface StartResult {
  /** `archon --surface agent --db <the bench's database>`: no rule files (another database than the project's). */
  benchDatabase: Spread;
  /** archon in a git project on its default database, every rule file committed: what a person's client starts. */
  project: Spread;
  /** A Node process that loads the MCP SDK and answers tools/list with no tools. */
  bareSdk: Spread;
  /** `node -e 0`. */
  node: Spread;
}

/** Spawn → the tools/list answer read. A plain request: the SDK's listTools() then compiles validators. */
export async function timeToToolsList(args: readonly string[], cwd?: string): Promise<number> {
  const started = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...args],
    stderr: "pipe",
    ...(cwd ? { cwd } : {}),
  });
  const client = new Client({ name: "archon-bench", version: "0.0.0" });
  await client.connect(transport);
  await client.request({ method: "tools/list" }, ListToolsResultSchema);
  const elapsed = performance.now() - started;
  await client.close();
  return elapsed;
}

function timeNodeStart(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", "0"], { stdio: "ignore" });
    child.on("error", reject);
    child.on("close", () => resolve(performance.now() - started));
  });
}

const gitIn = (root: string, ...args: string[]) =>
  execFileSync(
    "git",
    ["-c", "user.name=bench", "-c", "user.email=bench@example.com", "-c", "commit.gpgsign=false", ...args],
    {
      cwd: root,
      stdio: "ignore",
    },
  );

/**
 * The plan seeded as `archon seed` does in a project (each rule's file written beside the database) and
 * committed, so that a server's open finds the rule files absorbed and compares them with the commit.
 */
export function writeStartProject(root: string, plan: SeedPlan): void {
  mkdirSync(root, { recursive: true });
  gitIn(root, "init", "-q");
  const ctx = createArchonContext({
    surface: "admin",
    channel: "cli",
    dbPath: join(root, ARCHON_DB),
    projectRoot: root,
  });
  try {
    applySeed(writeContext(ctx), plan);
  } finally {
    ctx.close();
  }
  gitIn(root, "add", "-A");
  gitIn(root, "commit", "-q", "-m", "rules");
  // The first open after the commit absorbs it; each timed start then opens at the commit absorbed.
  createArchonContext({ surface: "agent", dbPath: join(root, ARCHON_DB), projectRoot: root }).close();
}

export async function measureStart(
  dbPath: string,
  dbRoot: string,
  projectRoot: string | undefined,
  rounds: number,
): Promise<StartResult> {
  const samples = {
    benchDatabase: [] as number[],
    project: [] as number[],
    bareSdk: [] as number[],
    node: [] as number[],
  };
  const agent = ["--surface", "agent"];
  for (let i = 0; i < rounds; i++) {
    samples.benchDatabase.push(
      await timeToToolsList([ARCHON_BIN, ...agent, "--db", dbPath, "--project-root", dbRoot]),
    );
    if (projectRoot)
      samples.project.push(
        await timeToToolsList([ARCHON_BIN, ...agent, "--project-root", projectRoot], projectRoot),
      );
    samples.bareSdk.push(await timeToToolsList([BARE_SERVER]));
    samples.node.push(await timeNodeStart());
  }
  return {
    benchDatabase: spread(samples.benchDatabase),
    project: spread(samples.project),
    bareSdk: spread(samples.bareSdk),
    node: spread(samples.node),
  };
}
