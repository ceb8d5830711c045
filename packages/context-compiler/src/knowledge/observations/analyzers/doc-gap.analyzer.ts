// doc_gap_detected → nothing deterministic to propose: a gap needs a document someone writes.
import type { Db } from "@archon/core";
import type { KnowledgeIndex } from "../../../read/knowledge-index.js";
import type { Observation } from "../../../store/observations.js";
import { type Channel, step } from "../../next-step.js";
import type { Analyzer, AnalyzerResult } from "./analyzer.js";

/** The free-form payload says a document is missing, not what it says; writing it is a person's call. */
function analyze(
  observation: Observation,
  _db: Db,
  _index: KnowledgeIndex,
  channel: Channel,
): AnalyzerResult {
  const topic = ["topic", "title", "description", "summary"]
    .map((key) => observation.payload[key])
    .find((value): value is string => typeof value === "string" && value.trim() !== "");
  const about = topic === undefined ? "" : ` ("${topic.trim().slice(0, 80)}")`;
  return {
    skip: `a documentation gap${about} needs a written document: add it with ${step(channel, "import_doc")} or ${step(channel, "analyze_doc")} + ${step(channel, "execute_import_plan")}`,
  };
}

export const docGapAnalyzer: Analyzer = { name: "doc-gap", event_type: "doc_gap_detected", analyze };
