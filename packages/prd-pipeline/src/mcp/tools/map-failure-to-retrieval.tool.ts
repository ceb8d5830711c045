// map_failure_to_retrieval: validation failures to the corrective recall queries a retry would send.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { correctiveQuery, mapFailuresToRetrieval } from "../../evidence/failure-retrieval.js";
import { MAX_TOKEN_CHARS } from "../../run-model/limits.js";
import { cappedText } from "../../run-model/protocol.js";

export const mapFailureToRetrievalTool = defineTool({
  name: "map_failure_to_retrieval",
  title: "Map rule failures to recall queries",
  description:
    "Turns rule failures (the `rule` of {{prefix}}validate_prd_section violations) into corrective memory-recall queries, one " +
    "per topic, plus the single query the pipeline's retry path sends.",
  input: {
    failures: z
      .array(
        z.object({
          rule: cappedText(MAX_TOKEN_CHARS).min(1),
          section_type: cappedText(MAX_TOKEN_CHARS).optional(),
        }),
      )
      .min(1)
      .max(200),
    feature: z.string().max(4000).optional(),
  },
  output: {
    queries: z.array(z.object({ rules: z.array(z.string()), topic: z.string(), query: z.string() })),
    corrective_query: z.string(),
  },
  annotations: readOnly,
  run: (args) => ({
    queries: mapFailuresToRetrieval(args.failures, args.feature ?? ""),
    corrective_query: correctiveQuery(args.failures, args.feature ?? ""),
  }),
});
