// export-rules: plan the editor rule files against the disk, then write them, remove stale ones, or just check.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "@archon/core";
import { listProjectFiles, SKIPPED_FOLDERS } from "../../knowledge/project-files.js";
import { assertWritable, removeProjectFile, writeProjectFile } from "../../knowledge/project-write.js";
import { EXPORT_BLOCK, isExported } from "../../vocabulary/export-marker.js";
import { hasBlock } from "../markers.js";
import type { ExportTarget, ExportWarning, Rendered, TargetSkip } from "./export-targets.js";
import { type Disk, renderAgents, renderGemini } from "./instruction-files.js";
import { type ExportRule, exportableRules, type SkippedDoc } from "./knowledge-rules.js";
import { promptCosts, type TargetCost } from "./prompt-cost.js";
import { renderFolder } from "./rule-formats.js";
import { handWritten, holdsOnlyArchonBlocks, withExportBlock, withoutExportBlock } from "./shared-files.js";

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
  /** Documents no target exports, and documents one target cannot express (with that target). */
  skipped: (SkippedDoc | TargetSkip)[];
  files: ExportFileOutcome[];
  /** Files archon would create, update or remove: what --check fails on. */
  drift: string[];
  /** Hand-written files where archon would write: left alone, reported, never a --check failure. */
  conflicts: { target: ExportTarget; path: string; reason: string }[];
  /** Rule texts moved out of a file to keep it within an agent's limit, and limits still passed. */
  warnings: ExportWarning[];
  /** What each target's agent loads on every prompt from the exported files, once they are written. */
  costs: TargetCost[];
}

interface Step {
  outcome: ExportFileOutcome;
  write?: string;
  remove?: boolean;
}

const readIfFile = (path: string) =>
  existsSync(path) && statSync(path).isFile() ? readFileSync(path, "utf8") : undefined;

function projectDisk(root: string): Disk {
  return {
    read: (path) => readIfFile(join(root, path)),
    isDir: (folder) => existsSync(join(root, folder)) && statSync(join(root, folder)).isDirectory(),
    nestedAgentsFiles: () =>
      listProjectFiles(root)
        .files.filter((f) => f.endsWith("/AGENTS.md") && !f.split("/").some((s) => SKIPPED_FOLDERS.has(s)))
        .filter((f) => existsSync(join(root, f))),
  };
}

function render(target: ExportTarget, rules: readonly ExportRule[], disk: Disk): Rendered {
  if (target === "agents") return renderAgents(rules, disk);
  if (target === "gemini") return renderGemini(rules, disk);
  return renderFolder(target, rules);
}

function plan(root: string, rendered: Rendered): Step[] {
  const at = (path: string, action: ExportAction, extra: Partial<Step> = {}, reason?: string): Step => ({
    outcome: { target: rendered.target, path, action, ...(reason ? { reason } : {}) },
    ...extra,
  });
  const change = (path: string, existing: string | undefined, next: string) =>
    existing === undefined
      ? at(path, "created", { write: next })
      : existing === next
        ? at(path, "unchanged")
        : at(path, "updated", { write: next });
  const steps: Step[] = [];
  const wanted = new Set(rendered.intents.map((i) => i.path));
  for (const intent of rendered.intents) {
    const existing = readIfFile(join(root, intent.path));
    if (intent.kind === "owned") {
      if (existing !== undefined && !isExported(existing))
        steps.push(
          at(intent.path, "conflict", {}, "hand-written (no archon:export-rules marker); left untouched"),
        );
      else steps.push(change(intent.path, existing, intent.content));
      continue;
    }
    const next = withExportBlock(intent.path, existing, intent.block);
    steps.push(
      next === undefined
        ? at(intent.path, "conflict", {}, handWritten(intent.path))
        : change(intent.path, existing, next),
    );
  }
  // Stale owned files are ones this command wrote earlier for rules that no longer land there.
  for (const dir of rendered.ownedDirs) {
    const absolute = join(root, dir);
    const present =
      existsSync(absolute) && statSync(absolute).isDirectory() ? readdirSync(absolute).sort() : [];
    for (const name of present) {
      const path = `${dir}/${name}`;
      const text = wanted.has(path) ? undefined : readIfFile(join(root, path));
      if (text !== undefined && isExported(text)) steps.push(at(path, "removed", { remove: true }));
    }
  }
  // A shared file no rule lands in any more loses its export block; emptied, it goes.
  for (const path of rendered.sharedCandidates) {
    const text = wanted.has(path) ? undefined : readIfFile(join(root, path));
    if (text === undefined || !hasBlock(path, text, EXPORT_BLOCK)) continue;
    const rest = withoutExportBlock(path, text);
    if (rest === "") steps.push(at(path, "removed", { remove: true }));
    else if (holdsOnlyArchonBlocks(path, rest)) steps.push(at(path, "updated", { write: rest }));
    else
      steps.push(
        at(path, "conflict", {}, `a stale archon:rules block beside hand-written text; ${handWritten(path)}`),
      );
  }
  return steps.sort((a, b) =>
    a.outcome.path < b.outcome.path ? -1 : a.outcome.path > b.outcome.path ? 1 : 0,
  );
}

/**
 * Renders the approved knowledge for each target. With `check`, writes nothing and reports the drift
 * (what an export would change) apart from the conflicts (hand-written files it will not touch).
 */
export function exportRules(
  ctx: { db: Db; projectRoot: string },
  options: { targets: readonly ExportTarget[]; check?: boolean },
): ExportResult {
  const { rules, skipped } = exportableRules(ctx.db);
  const disk = projectDisk(ctx.projectRoot);
  const rendered = options.targets.map((t) => render(t, rules, disk));
  // Every target is planned before anything is written, so malformed markers stop the run whole.
  const steps = rendered.flatMap((r) => plan(ctx.projectRoot, r));
  const check = options.check === true;
  // The files as they stand after the export: written, kept, or (removed, left alone) not archon's to count.
  const after = steps.map((s) => ({
    target: s.outcome.target,
    path: s.outcome.path,
    text:
      s.remove || s.outcome.action === "conflict"
        ? undefined
        : (s.write ?? readIfFile(join(ctx.projectRoot, s.outcome.path))),
  }));
  if (!check) {
    const roots = { root: ctx.projectRoot };
    // Every target is checked before the first write, so a link out stops the run with nothing written.
    for (const step of steps)
      if (step.write !== undefined || step.remove)
        assertWritable(roots, step.outcome.path, step.write !== undefined ? "write" : "delete");
    for (const step of steps) {
      if (step.write !== undefined) writeProjectFile(roots, step.outcome.path, step.write);
      else if (step.remove) removeProjectFile(roots, step.outcome.path);
    }
  }
  const files = steps.map((s) => s.outcome);
  return {
    check,
    targets: [...options.targets],
    rules: rules.length,
    skipped: [...skipped, ...rendered.flatMap((r) => r.skipped)],
    files,
    drift: files.filter((f) => f.action !== "unchanged" && f.action !== "conflict").map((f) => f.path),
    conflicts: files.flatMap((f) =>
      f.action === "conflict" ? [{ target: f.target, path: f.path, reason: f.reason ?? "" }] : [],
    ),
    warnings: rendered.flatMap((r) => r.warnings),
    costs: promptCosts(options.targets, after),
  };
}
