// export-rules: plan the editor rule files against the disk, then write them, remove stale ones, or just check.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Db } from "@archon/core";
import { upsertBlock } from "../markers.js";
import { exportableRules, type SkippedDoc } from "./knowledge-rules.js";
import {
  EXPORT_BLOCK,
  EXPORT_MARKER,
  type ExportOutput,
  type ExportTarget,
  renderExport,
} from "./rule-formats.js";

export type ExportAction = "created" | "updated" | "unchanged" | "removed" | "conflict";

export interface ExportFileOutcome {
  target: ExportTarget;
  path: string;
  action: ExportAction;
  reason?: string;
}

export interface ExportResult {
  check: boolean;
  targets: ExportTarget[];
  rules: number;
  skipped: SkippedDoc[];
  files: ExportFileOutcome[];
  /** Whether the files on disk differ from what the knowledge renders (what --check fails on). */
  changed: boolean;
}

interface Step {
  outcome: ExportFileOutcome;
  write?: string;
  remove?: boolean;
}

const readIfFile = (path: string) =>
  existsSync(path) && statSync(path).isFile() ? readFileSync(path, "utf8") : undefined;

/** Only the frontmatter is searched: a rule's body quoting the marker does not make a file ours. */
export function isExported(text: string): boolean {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  if (lines[0]?.trim() !== "---") return false;
  for (const line of lines.slice(1)) {
    if (line.trim() === "---") return false;
    if (line.startsWith(EXPORT_MARKER)) return true;
  }
  return false;
}

function planOutput(root: string, output: ExportOutput): Step[] {
  const at = (path: string, action: ExportAction, extra: Partial<Step> = {}, reason?: string): Step => ({
    outcome: { target: output.target, path, action, ...(reason ? { reason } : {}) },
    ...extra,
  });
  if (output.kind === "block") {
    const existing = readIfFile(join(root, output.path));
    const next = upsertBlock(output.path, existing ?? "", output.block, EXPORT_BLOCK);
    if (existing === undefined) return [at(output.path, "created", { write: next })];
    return [existing === next ? at(output.path, "unchanged") : at(output.path, "updated", { write: next })];
  }
  const steps: Step[] = [];
  const wanted = new Set(output.files.map((f) => f.path));
  for (const f of output.files) {
    const existing = readIfFile(join(root, f.path));
    if (existing === undefined) steps.push(at(f.path, "created", { write: f.content }));
    else if (!isExported(existing))
      steps.push(at(f.path, "conflict", {}, "hand-written (no archon:export-rules marker); left untouched"));
    else
      steps.push(
        existing === f.content ? at(f.path, "unchanged") : at(f.path, "updated", { write: f.content }),
      );
  }
  // Stale files are ones this command wrote earlier for rules that no longer exist.
  const dir = join(root, output.dir);
  const present = existsSync(dir) ? readdirSync(dir).sort() : [];
  for (const name of present) {
    const path = `${output.dir}/${name}`;
    if (wanted.has(path)) continue;
    const text = readIfFile(join(root, path));
    if (text !== undefined && isExported(text)) steps.push(at(path, "removed", { remove: true }));
  }
  return steps.sort((a, b) =>
    a.outcome.path < b.outcome.path ? -1 : a.outcome.path > b.outcome.path ? 1 : 0,
  );
}

/**
 * Renders the approved knowledge for each target. With `check`, writes nothing and reports whether
 * anything would change (a conflict counts: the disk does not say what the knowledge says).
 */
export function exportRules(
  ctx: { db: Db; projectRoot: string },
  options: { targets: readonly ExportTarget[]; check?: boolean },
): ExportResult {
  const { rules, skipped } = exportableRules(ctx.db);
  // Every target is planned before anything is written, so malformed markers stop the run whole.
  const steps = options.targets.flatMap((t) => planOutput(ctx.projectRoot, renderExport(t, rules)));
  const check = options.check === true;
  if (!check) {
    for (const step of steps) {
      const absolute = join(ctx.projectRoot, step.outcome.path);
      if (step.write !== undefined) {
        mkdirSync(dirname(absolute), { recursive: true });
        writeFileSync(absolute, step.write);
      } else if (step.remove) rmSync(absolute);
    }
  }
  const files = steps.map((s) => s.outcome);
  return {
    check,
    targets: [...options.targets],
    rules: rules.length,
    skipped,
    files,
    changed: files.some((f) => f.action !== "unchanged"),
  };
}
