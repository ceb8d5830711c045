// The read-only grounding surface other packages (the PRD pipeline) call in-process: `archon/grounding`.
export type { FeatureTouches, TouchedFile, TouchedSymbol } from "./feature-touches.js";
export type { NameCheck } from "./name-checks.js";
export {
  ARCHON_DB,
  type GroundingStatus,
  hasArchonDatabase,
  openGrounding,
  type ProjectGrounding,
  type SymbolImpact,
} from "./open-grounding.js";
export type { ProjectRule, RulesForFiles } from "./project-rules.js";
export { knowledgeRecall, type RecallHit, type RecallSource } from "./recall-source.js";
