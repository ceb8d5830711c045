// What every tool handler receives: the run service and the server's settings.
import type { EvidenceStore } from "../evidence/evidence-store.js";
import type { PipelineService } from "../pipeline/run-service.js";

export type Profile = "full" | "agent" | "verifier";

export interface ServerContext {
  service: PipelineService;
  projectRoot: string;
  dbPath: string;
  evidence: EvidenceStore;
  profile: Profile;
  namespace: string;
  version: string;
}
