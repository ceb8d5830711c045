// Where a run's grounding comes from: Archon in-process, the external servers the protocol names, or nowhere.
import { z } from "zod";

export const SOURCE_MODES = ["archon", "external", "none"] as const;
export type SourceMode = (typeof SOURCE_MODES)[number];

export const runSourcesSchema = z.object({
  /** Codebase analysis, impact and graph checks: Archon's symbol index, the codebase server, or none. */
  codebase: z.enum(SOURCE_MODES),
  /** Recall and remember: Archon's knowledge (and memory), the memory server, or none. */
  memory: z.enum(SOURCE_MODES),
});
export type RunSources = z.infer<typeof runSourcesSchema>;

/** What a run stored before sources existed used: the servers of the protocol. */
export const EXTERNAL_SOURCES: RunSources = { codebase: "external", memory: "external" };
