// Every migration of the knowledge database, in order. Never edit a shipped migration: add one.
import type { Migration } from "@archon/core";
import { knowledgeModel } from "./001-knowledge-model.js";
import { approvalPipeline } from "./002-approval-pipeline.js";
import { documentUsage } from "./003-document-usage.js";
import { initManifest } from "./004-init-manifest.js";
import { adapterMeta } from "./005-adapter-meta.js";
import { documentDescription } from "./006-document-description.js";
import { tagCatalogs } from "./007-tag-catalogs.js";
import { codeAwareness } from "./008-code-awareness.js";
import { episodicMemory } from "./009-episodic-memory.js";
import { embeddingsAndRetention } from "./010-embeddings-and-retention.js";
import { compactAudit } from "./012-compact-audit.js";
import { teamTokens } from "./013-team-tokens.js";
import { memoryCitesAudit } from "./014-memory-cites-audit.js";
import { replicas } from "./015-replicas.js";
import { compactMemory } from "./016-compact-memory.js";
import { foldedReads } from "./017-folded-reads.js";
import { shippedAudit } from "./018-shipped-audit.js";
import { hookSessions } from "./019-hook-sessions.js";
import { parseTimeouts } from "./020-parse-timeouts.js";
import { knowledgeHash } from "./021-knowledge-hash.js";
import { ruleFiles } from "./022-rule-files.js";
import { snapshotKnowledgeHash } from "./023-snapshot-knowledge-hash.js";

export const migrations: readonly Migration[] = [
  knowledgeModel,
  approvalPipeline,
  documentUsage,
  initManifest,
  adapterMeta,
  documentDescription,
  tagCatalogs,
  codeAwareness,
  episodicMemory,
  embeddingsAndRetention,
  compactAudit,
  teamTokens,
  memoryCitesAudit,
  replicas,
  compactMemory,
  foldedReads,
  shippedAudit,
  hookSessions,
  parseTimeouts,
  knowledgeHash,
  ruleFiles,
  snapshotKnowledgeHash,
];
