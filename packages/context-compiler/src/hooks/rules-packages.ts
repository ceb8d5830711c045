// Shared rules packages: npm packages a team lists in .archon/config.json (`"rulesPackages": [...]`),
// each shipping an archon.seed.yaml. Syncing seeds them like the project's own seed file; checking
// asks the registry, once per package and fail-open, whether a newer version exists.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { UserError } from "@archon/core";
import { applySeed, type SeedSummary } from "../knowledge/apply-seed.js";
import { CONFIG_FILE, readProjectConfig } from "../knowledge/project-config.js";
import { readSeedFile } from "../knowledge/seed-file.js";
import type { WriteContext } from "../knowledge/write-context.js";

/** Read through the project's path guard: a committed link to a file outside is refused, never parsed. */
export function configuredPackages(projectRoot: string): string[] {
  const config = readProjectConfig(projectRoot);
  const list = config.rulesPackages ?? [];
  if (!Array.isArray(list) || list.some((p) => typeof p !== "string" || !/^(@[\w.-]+\/)?[\w.-]+$/.test(p))) {
    throw new UserError(`${CONFIG_FILE}: rulesPackages must be a list of npm package names.`);
  }
  return [...(list as string[])].sort();
}

const packageDir = (projectRoot: string, name: string) =>
  join(projectRoot, "node_modules", ...name.split("/"));

function installedVersion(projectRoot: string, name: string): string | undefined {
  const manifest = join(packageDir(projectRoot, name), "package.json");
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version;
}

export interface PackageSync {
  package: string;
  version: string | null;
  result: SeedSummary | { skipped: string };
}

/** Seeds every installed rules package; source paths point into node_modules so deferred reads work. */
export function syncRulesPackages(ctx: WriteContext): PackageSync[] {
  return configuredPackages(ctx.projectRoot).map((name) => {
    const dir = packageDir(ctx.projectRoot, name);
    const seedPath = join(dir, "archon.seed.yaml");
    const version = installedVersion(ctx.projectRoot, name) ?? null;
    if (!existsSync(seedPath)) {
      return {
        package: name,
        version,
        result: {
          skipped: version ? "it ships no archon.seed.yaml" : "it is not installed (npm install it)",
        },
      };
    }
    const plan = readSeedFile(ctx.db, seedPath, dir);
    const prefix = `node_modules/${name}/`;
    for (const doc of plan.documents)
      if (doc.source_path !== null) doc.source_path = `${prefix}${doc.source_path}`;
    return { package: name, version, result: applySeed(ctx, plan) };
  });
}

export interface LatestCheck {
  package: string;
  installed: string | null;
  latest: string | null;
  newer: boolean;
  error?: string;
}

/** One `npm view <pkg> version` per package, one try and bounded in time; a failure is reported, never thrown. */
export async function checkLatest(
  projectRoot: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<LatestCheck[]> {
  const run = promisify(execFile);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const checks: LatestCheck[] = [];
  for (const name of configuredPackages(projectRoot)) {
    const installed = installedVersion(projectRoot, name) ?? null;
    try {
      const { stdout } = await run(
        npm,
        ["view", name, "version", "--fetch-retries=0", "--fetch-timeout=10000"],
        {
          env,
          timeout: 15_000,
        },
      );
      const latest = stdout.trim();
      checks.push({
        package: name,
        installed,
        latest,
        newer: installed !== null && latest !== "" && latest !== installed,
      });
    } catch (error) {
      checks.push({
        package: name,
        installed,
        latest: null,
        newer: false,
        error: (error as Error).message.split("\n")[0],
      });
    }
  }
  return checks;
}
