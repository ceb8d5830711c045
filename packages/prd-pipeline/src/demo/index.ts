// The demo and benchmark entry points the root scripts call: a scripted feature run over stdio.

import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { InternalError } from "@archon/core";
import { outputDir } from "../sections/file-plan.js";
import { SECTION_TYPES } from "../sections/section-catalogue.js";
import { validateDocument } from "../validation/validate-document.js";
import { archonProject, GROUNDED_FEATURE } from "./archon-project.js";
import { billingProject, RECURRING_FEATURE } from "./billing-project.js";
import { billingHostOptions } from "./billing-script.js";
import { cannedDraft } from "./canned-drafts.js";
import { ScriptedHost, type ScriptedHostOptions } from "./scripted-host.js";
import { connectPrdServer } from "./stdio-client.js";

export const DEMO_FEATURE = "Let members sign in with their company identity provider";

export interface DemoResult {
  runId: string;
  outputDir: string;
  files: string[];
  roundTrips: number;
  ms: number;
}

/**
 * Starts the built server over stdio, drives one feature run to `done`, and says where the files are.
 * By default the scripted host answers the judges, takes the reduced judge sample and chooses "PRD only";
 * `full` also implements, reviews and opens a (canned) pull request, with the project root as codebase.
 */
export async function runPrdDemo(options: {
  projectRoot: string;
  log?: (line: string) => void;
  full?: boolean;
  feature?: string;
}): Promise<DemoResult> {
  const log = options.log ?? (() => {});
  const feature = options.feature ?? DEMO_FEATURE;
  const started = performance.now();
  const connection = await connectPrdServer(options.projectRoot);
  try {
    const hostOptions: ScriptedHostOptions = { projectRoot: options.projectRoot };
    if (options.full) hostOptions.gate = "Implement";
    const host = new ScriptedHost(hostOptions);
    const first = await connection.start({
      feature_description: feature,
      prd_context: "feature",
      ...(options.full ? { codebase_path: options.projectRoot } : {}),
    });
    log(`archon-prd: run ${first.run_id} started for "${feature}"`);
    const { last, roundTrips } = await host.drive(connection, first);
    if (last.action.kind !== "done") throw new InternalError(`the demo run ended with ${last.action.kind}`);
    log(last.action.summary);
    const dir = join(options.projectRoot, outputDir(first.run_id));
    log(`archon-prd: ${host.written.length} files in ${dir} (${roundTrips} round trips)`);
    return {
      runId: first.run_id,
      outputDir: dir,
      files: [...host.written],
      roundTrips,
      ms: performance.now() - started,
    };
  } finally {
    await connection.close();
  }
}

/**
 * The billing example: a recurring-invoices run over stdio on the seeded and indexed billing app, grounded
 * by Archon in-process, its PRD files copied to `target` (docs/examples/prd holds the committed copy).
 */
export async function writeBillingExample(target: string): Promise<string[]> {
  const root = billingProject();
  const connection = await connectPrdServer(root);
  try {
    const host = new ScriptedHost({
      projectRoot: root,
      memory: false,
      codebase: false,
      ...billingHostOptions(),
    });
    const first = await connection.start({ feature_description: RECURRING_FEATURE, prd_context: "feature" });
    const { last } = await host.drive(connection, first);
    if (last.action.kind !== "done")
      throw new InternalError(`the billing example ended with ${last.action.kind}`);
    cpSync(join(root, outputDir(first.run_id)), target, { recursive: true });
    return host.written.map((path) => path.slice(outputDir(first.run_id).length + 1));
  } finally {
    await connection.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * A canned PRD-only feature run over stdio with the external servers the host fakes (round trips, wall
 * time), the same run grounded in-process on a seeded and indexed project (`grounded`), validator
 * throughput in MB/s, and a full 20-step canned run (implementation, review, PR) as `fullRun`.
 */
export async function benchPrdPipeline(): Promise<{
  roundTrips: number;
  wallMs: number;
  validatorMBps: number;
  grounded: { roundTrips: number; wallMs: number; setupMs: number };
  fullRun: { roundTrips: number; wallMs: number };
}> {
  const root = mkdtempSync(join(tmpdir(), "archon-prd-bench-"));
  const fullRoot = mkdtempSync(join(tmpdir(), "archon-prd-bench-full-"));
  const setupStarted = performance.now();
  const groundedRoot = archonProject();
  const setupMs = performance.now() - setupStarted;
  try {
    const run = await runPrdDemo({ projectRoot: root });
    const grounded = await runPrdDemo({ projectRoot: groundedRoot, feature: GROUNDED_FEATURE });
    const full = await runPrdDemo({ projectRoot: fullRoot, full: true });
    return {
      roundTrips: run.roundTrips,
      wallMs: run.ms,
      validatorMBps: validatorThroughput(),
      grounded: { roundTrips: grounded.roundTrips, wallMs: grounded.ms, setupMs },
      fullRun: { roundTrips: full.roundTrips, wallMs: full.ms },
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(fullRoot, { recursive: true, force: true });
    rmSync(groundedRoot, { recursive: true, force: true });
  }
}

function validatorThroughput(): number {
  const doc = SECTION_TYPES.filter((t) => t !== "source_code" && t !== "test_code")
    .map(cannedDraft)
    .join("\n\n");
  const body = Array.from({ length: 40 }, () => doc).join("\n\n");
  const bytes = Buffer.byteLength(body, "utf8");
  validateDocument(body);
  const rounds = 5;
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) validateDocument(body);
  const seconds = (performance.now() - t0) / 1000;
  return (bytes * rounds) / (1024 * 1024) / seconds;
}
