// Every analyzer, one per observation event: an explicit list, nothing registers itself.

import type { Db } from "@archon/core";
import { InternalError } from "@archon/core";
import type { KnowledgeIndex } from "../../../read/knowledge-index.js";
import type { Observation } from "../../../store/observations.js";
import type { Channel } from "../../next-step.js";
import type { Analyzer, AnalyzerResult } from "./analyzer.js";
import { compileMissAnalyzer } from "./compile-miss.analyzer.js";
import { docGapAnalyzer } from "./doc-gap.analyzer.js";
import { documentImportAnalyzer } from "./document-import.analyzer.js";
import { manualNoteAnalyzer } from "./manual-note.analyzer.js";
import { prMergedAnalyzer } from "./pr-merged.analyzer.js";
import { reviewCorrectionAnalyzer } from "./review-correction.analyzer.js";
import { sessionNoteAnalyzer } from "./session-note.analyzer.js";

export const ANALYZERS: readonly Analyzer[] = [
  compileMissAnalyzer,
  reviewCorrectionAnalyzer,
  prMergedAnalyzer,
  manualNoteAnalyzer,
  documentImportAnalyzer,
  docGapAnalyzer,
  sessionNoteAnalyzer,
];

/** Runs the analyzer for the observation's event. */
export function analyzeObservation(
  observation: Observation,
  db: Db,
  index: KnowledgeIndex,
  channel: Channel,
): AnalyzerResult {
  const analyzer = ANALYZERS.find((a) => a.event_type === observation.event_type);
  if (!analyzer) throw new InternalError(`no analyzer for event ${observation.event_type}`);
  return analyzer.analyze(observation, db, index, channel);
}

export { type Analyzer, type AnalyzerResult, isSkip } from "./analyzer.js";
