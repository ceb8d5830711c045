// archon deploy-adapters: write adapter files, skills and hooks; conflicts are reported and exit 0.
import { type DeployResult, deployAdapters } from "../adapters/deploy-adapters.js";
import { parseTargets } from "../adapters/render-targets.js";
import { writeContext } from "../context/archon-context.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";

export interface DeployAdaptersOptions {
  targets?: string;
  dryRun?: boolean;
  json?: boolean;
}

export function formatDeploy(result: DeployResult): string {
  const width = Math.max(...result.files.map((f) => f.action.length), 0);
  const lines = result.files.map(
    (f) => `${f.action.padEnd(width)}  ${f.path}${f.reason ? `  (${f.reason})` : ""}`,
  );
  const changed = result.files.filter((f) => f.action === "created" || f.action === "updated").length;
  lines.push(
    result.dry_run
      ? `Dry run: ${changed} file(s) would change; nothing was written.`
      : changed === 0
        ? "Everything is up to date."
        : `Wrote ${result.written} file(s) for archon ${result.archon_version}.`,
  );
  if (result.conflicts > 0)
    lines.push(
      `${result.conflicts} hand-written file(s) sit where archon would write; they were left alone. Move or delete them and deploy again to let archon manage them.`,
    );
  return `${lines.join("\n")}\n`;
}

export function deployAdaptersCommand(
  options: GlobalOptions,
  opts: DeployAdaptersOptions,
  out: (text: string) => void = (text) => process.stdout.write(text),
): void {
  const targets = parseTargets(opts.targets);
  const ctx = openContext(options);
  try {
    const result = deployAdapters(writeContext(ctx), { targets, dry_run: opts.dryRun === true });
    out(opts.json ? `${JSON.stringify(result, null, 2)}\n` : formatDeploy(result));
  } finally {
    ctx.close();
  }
}
