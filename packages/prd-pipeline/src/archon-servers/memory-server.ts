// The memory server's tools answered from a RecallSource (Archon's approved knowledge today), in-process.
import type { RecallSource } from "archon/grounding";
import type { InProcessServer } from "../run-model/in-process.js";
import { RECALL_MAX_RESULTS } from "../sections/recall.js";

export function archonMemoryServer(source: RecallSource): InProcessServer {
  return {
    answer(call) {
      const reply = (data: unknown) => ({
        kind: "tool_result" as const,
        correlation_id: call.correlation_id,
        success: true,
        data: JSON.parse(JSON.stringify(data)),
      });
      switch (call.tool_name) {
        case "memory_stats":
          return reply({ source: source.name });
        case "recall": {
          const query = typeof call.arguments.query === "string" ? call.arguments.query : "";
          const max = Number(call.arguments.max_results ?? RECALL_MAX_RESULTS);
          const limit = Number.isFinite(max)
            ? Math.min(RECALL_MAX_RESULTS, Math.max(0, max))
            : RECALL_MAX_RESULTS;
          return reply({ source: source.name, results: source.recall(query, limit) });
        }
        case "remember":
          // Knowledge changes go through Archon's proposals; a run's outcome is not written into it.
          return reply({ stored: false, source: source.name, note: "Archon's knowledge is read-only here." });
        default:
          return {
            kind: "tool_result",
            correlation_id: call.correlation_id,
            success: false,
            error: `${call.tool_name} is not served by Archon in-process.`,
          };
      }
    },
  };
}
