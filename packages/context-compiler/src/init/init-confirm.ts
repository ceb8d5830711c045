// init_confirm: bootstraps canonical knowledge from a remembered preview (or records an empty start on purpose).

import { UserError } from "@archon/core";
import { seedSummary, seedWork } from "../knowledge/apply-seed.js";
import { commitKnowledge } from "../knowledge/approval/commit-knowledge.js";
import { isChanged } from "../knowledge/approval/knowledge-change.js";
import { step } from "../knowledge/next-step.js";
import { assertAdminSurface } from "../knowledge/surface.js";
import type { WriteContext } from "../knowledge/write-context.js";
import { documentExists } from "../store/documents.js";
import { appliedTemplate, readInitManifest, writeInitManifest } from "../store/init-manifest.js";
import { readVersion } from "../store/version.js";
import { type AdapterDeployment, deployAdaptersAfterInit } from "./deploy-adapters.js";
import type { InitSessions } from "./init-sessions.js";

export interface InitConfirmInput {
  preview_hash?: string;
  /** Record that the project starts without a template; no preview needed. */
  skip_template?: boolean;
}

export interface InitConfirmResult {
  template: string | null;
  version: string | null;
  documents_created: string[];
  edges_added: number;
  layer_rules_added: number;
  knowledge_version: number;
  snapshot_id: string | null;
  adapters: AdapterDeployment;
  warnings: string[];
  next_step: string;
}

export function initConfirm(
  ctx: WriteContext,
  sessions: InitSessions,
  input: InitConfirmInput,
): InitConfirmResult {
  assertAdminSurface(ctx.surface, "init_confirm");
  if ((input.preview_hash === undefined) === (input.skip_template !== true)) {
    throw new UserError(
      "Give exactly one of preview_hash or skip_template: true.",
      `Call ${step(ctx.channel, "init_detect")} first and confirm its preview_hash, or pass skip_template: true to start empty on purpose.`,
      "preview_hash",
    );
  }
  const applied = appliedTemplate(readInitManifest(ctx.db));
  if (applied) {
    throw new UserError(
      `This project was already bootstrapped from ${applied.template} ${applied.version}; nothing was changed.`,
      `Newer template versions arrive through ${step(ctx.channel, "check_upgrade")} and ${step(ctx.channel, "apply_upgrade")}.`,
      "preview_hash",
    );
  }
  return input.skip_template ? skip(ctx) : bootstrap(ctx, sessions, input.preview_hash as string);
}

function skip(ctx: WriteContext): InitConfirmResult {
  // The manifest is bookkeeping outside the canonical DAG: recording it bumps no version.
  ctx.db
    .transaction(() =>
      writeInitManifest(ctx.db, {
        template: null,
        template_version: null,
        placeholders: {},
        applied_at: ctx.clock.now().toISOString(),
        knowledge_version: readVersion(ctx.db),
        documents: [],
      }),
    )
    .immediate();
  return finish(ctx, {
    template: null,
    version: null,
    documents_created: [],
    edges_added: 0,
    layer_rules_added: 0,
    knowledge_version: readVersion(ctx.db),
    snapshot_id: null,
  });
}

function bootstrap(ctx: WriteContext, sessions: InitSessions, hash: string): InitConfirmResult {
  const stored = sessions.lookup(hash);
  if (!stored) {
    throw new UserError(
      `preview_hash ${hash} is stale: this server process did not produce it (previews live in memory and end with the process).`,
      `Call ${step(ctx.channel, "init_detect")} again on this server and confirm the preview_hash it returns.`,
      "preview_hash",
    );
  }
  const now = readVersion(ctx.db);
  if (stored.knowledge_version !== now) {
    throw new UserError(
      `preview_hash ${hash} is stale: knowledge_version moved from ${stored.knowledge_version} to ${now} since the preview.`,
      `Call ${step(ctx.channel, "init_detect")} again and confirm the fresh preview.`,
      "preview_hash",
    );
  }
  const taken = stored.plan.documents
    .map((d) => d.doc_id)
    .filter((id) => documentExists(ctx.db, id))
    .sort();
  if (taken.length > 0) {
    throw new UserError(
      `Documents with these template doc_ids already exist: ${taken.join(", ")}; nothing was changed.`,
      "Deprecate or rename them first, or start without a template (skip_template: true).",
      "preview_hash",
    );
  }
  const { preview, plan } = stored;
  // One commit: the seed (with its version bump and snapshot) and the manifest land together.
  const summary = seedSummary(
    plan,
    commitKnowledge(ctx, (version) => {
      const seeded = seedWork(ctx.db, plan)(version);
      writeInitManifest(ctx.db, {
        template: preview.template,
        template_version: preview.version,
        placeholders: preview.placeholders,
        applied_at: ctx.clock.now().toISOString(),
        knowledge_version: isChanged(seeded.change) ? version : readVersion(ctx.db),
        documents: preview.documents.map((d) => ({ doc_id: d.doc_id, content_hash: d.content_hash })),
      });
      return seeded;
    }),
  );
  sessions.forget(hash);
  return finish(ctx, {
    template: preview.template,
    version: preview.version,
    documents_created: preview.documents.map((d) => d.doc_id),
    edges_added: summary.edges_added,
    layer_rules_added: summary.layer_rules_added,
    knowledge_version: summary.knowledge_version,
    snapshot_id: summary.snapshot_id,
  });
}

function finish(
  ctx: WriteContext,
  result: Omit<InitConfirmResult, "adapters" | "warnings" | "next_step">,
): InitConfirmResult {
  const warnings: string[] = [];
  let adapters: AdapterDeployment;
  try {
    adapters = deployAdaptersAfterInit(ctx);
  } catch (error) {
    // The knowledge is committed; adapters can be deployed again on their own.
    adapters = {
      deployed: false,
      detail: `Deploying the editor adapters failed: ${(error as Error).message}`,
    };
    warnings.push(
      `The knowledge is committed, but the editor adapters were not deployed; run ${step(ctx.channel, "deploy_adapters")}.`,
    );
  }
  const next_step =
    result.template === null
      ? `The project starts empty on purpose. Bring existing rules in with ${step(ctx.channel, "analyze_import_batch")}, or add them one by one with ${step(ctx.channel, "import_doc")}.`
      : `Add the project's own rules with ${step(ctx.channel, "import_doc")}, then check one ${step(ctx.channel, "compile_context")} call against a file the template covers.`;
  return { ...result, adapters, warnings, next_step };
}
