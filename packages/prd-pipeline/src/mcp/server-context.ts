// What every tool handler receives: the run service and the server's settings.

import type { PipelineService } from "../engine/run-service.js";
import type { EvidenceStore } from "../evidence/evidence-store.js";
import type { RunSources } from "../run-model/sources.js";

export type Profile = "full" | "agent" | "verifier";

export interface ServerContext {
  service: PipelineService;
  projectRoot: string;
  dbPath: string;
  evidence: EvidenceStore;
  profile: Profile;
  namespace: string;
  version: string;
  /** The prefix every tool is registered with (ARCHON_PRD_TOOL_PREFIX, `prd_` by default). */
  toolPrefix: string;
  /** Where runs get codebase and memory grounding (`--codebase`, `--memory`). */
  sources: RunSources;
  /** The Archon database grounding is read from, when a source is Archon. */
  archonDb: string | null;
}
