// What every tool handler receives: the run service and the server's settings.
import type { PipelineService } from "../pipeline/run-service.js";

export type Profile = "full" | "agent" | "verifier";

export interface ServerContext {
  service: PipelineService;
  projectRoot: string;
  dbPath: string;
  profile: Profile;
  namespace: string;
  version: string;
}
