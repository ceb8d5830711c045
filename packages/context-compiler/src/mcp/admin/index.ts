// The admin surface: every agent tool plus the write path and curation tools, in the order of the spec's
// admin tables.
import { agentTools } from "../agent/index.js";
import { analyzeDocTool } from "./analyze-doc.tool.js";
import { analyzeImportBatchTool } from "./analyze-import-batch.tool.js";
import { applyEdgeScopesTool } from "./apply-edge-scopes.tool.js";
import { applyUpgradeTool } from "./apply-upgrade.tool.js";
import { approveProposalTool } from "./approve-proposal.tool.js";
import { approveProposalBundleTool } from "./approve-proposal-bundle.tool.js";
import { archiveObservationsTool } from "./archive-observations.tool.js";
import { checkUpgradeTool } from "./check-upgrade.tool.js";
import { deleteDecisionTool } from "./delete-decision.tool.js";
import { deployAdaptersTool } from "./deploy-adapters.tool.js";
import { doctorTool } from "./doctor.tool.js";
import { executeImportPlanTool } from "./execute-import-plan.tool.js";
import { getDocumentTool } from "./get-document.tool.js";
import { getEdgeTool } from "./get-edge.tool.js";
import { getProposalTool } from "./get-proposal.tool.js";
import { getStatsTool } from "./get-stats.tool.js";
import { importDocTool } from "./import-doc.tool.js";
import { initConfirmTool } from "./init-confirm.tool.js";
import { initDetectTool } from "./init-detect.tool.js";
import { listObservationsTool } from "./list-observations.tool.js";
import { listProposalsTool } from "./list-proposals.tool.js";
import { maintenanceTool } from "./maintenance.tool.js";
import { preflightProposalBundleTool } from "./preflight-proposal-bundle.tool.js";
import { processObservationsTool } from "./process-observations.tool.js";
import { rejectProposalTool } from "./reject-proposal.tool.js";
import { resolveConflictTool } from "./resolve-conflict.tool.js";
import { reviewEdgeScopesTool } from "./review-edge-scopes.tool.js";
import { setDocTagsTool } from "./set-doc-tags.tool.js";
import { syncDocsTool } from "./sync-docs.tool.js";
import { syncInitManifestTool } from "./sync-init-manifest.tool.js";

export const adminOnlyTools = [
  // Importing and maintaining documents
  importDocTool,
  analyzeDocTool,
  analyzeImportBatchTool,
  executeImportPlanTool,
  syncDocsTool,
  setDocTagsTool,
  getDocumentTool,
  getEdgeTool,
  // Proposals and observations: the human-approval pipeline
  listProposalsTool,
  getProposalTool,
  approveProposalTool,
  rejectProposalTool,
  preflightProposalBundleTool,
  approveProposalBundleTool,
  processObservationsTool,
  listObservationsTool,
  archiveObservationsTool,
  resolveConflictTool,
  deleteDecisionTool,
  // Init, upgrade and operations
  initDetectTool,
  initConfirmTool,
  checkUpgradeTool,
  applyUpgradeTool,
  syncInitManifestTool,
  deployAdaptersTool,
  doctorTool,
  getStatsTool,
  reviewEdgeScopesTool,
  applyEdgeScopesTool,
  maintenanceTool,
];
export const adminTools = [...agentTools, ...adminOnlyTools];
