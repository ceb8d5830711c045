// What the observation services need: the write context plus ids and the current knowledge index.
import type { IdGenerator } from "@archon/core";
import type { KnowledgeIndex } from "../../read/knowledge-index.js";
import type { WriteContext } from "../write-context.js";

export interface ObservationsContext extends WriteContext {
  ids: IdGenerator;
  /** The read path's index for the current knowledge version (the compile service keeps it). */
  index(): KnowledgeIndex;
}
